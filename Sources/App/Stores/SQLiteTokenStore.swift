import SQLite

/// API tokens on SQLite: created with a random secret stored only as its SHA-256, listed, revoked.
struct SQLiteTokenStore: TokenStoring {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    /// Creates a token durably; the secret is returned here once and only its digest is kept.
    func create(name: String, scope: APIToken.Scope, cohortID: Int64?) async throws(StoreError) -> IssuedAPIToken? {
        let secret = APIToken.secretPrefix + Secrets.makeToken()
        let digest = Secrets.digest(secret)
        let created: APIToken? = try await database.committing { connection in
            if let cohortID {
                let exists: Int64? = try connection.scalar(
                    sql: "SELECT count(*) FROM cohorts WHERE id = ?", arguments: [cohortID])
                guard exists == 1 else { return nil }
            }
            let now = WallClock.nowMilliseconds()
            try connection.execute(
                sql: "INSERT INTO api_tokens (name, token_hash, scope, cohort_id, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [name, digest, scope.rawValue, cohortID, now])
            return APIToken(
                id: connection.lastInsertedRowID, name: name, scope: scope, cohortID: cohortID, createdAt: now,
                revokedAt: nil)
        }
        guard let created else { return nil }
        return IssuedAPIToken(token: created, secret: secret)
    }

    /// Every token (revoked ones too, for the audit trail), newest first; never their secrets.
    func all() async throws(StoreError) -> [APIToken] {
        try await database.reading { connection in
            try connection.query(sql: "SELECT * FROM api_tokens ORDER BY id DESC").map(Self.token(from:))
        }
    }

    /// The token whose secret is `secret` (revoked or not), or `nil`; looked up by digest only.
    func token(secret: String) async throws(StoreError) -> APIToken? {
        guard secret.hasPrefix(APIToken.secretPrefix), secret.utf8.count == APIToken.secretPrefix.utf8.count + 32 else {
            return nil
        }
        return try await database.reading { connection in
            try connection.queryOne(
                sql: "SELECT * FROM api_tokens WHERE token_hash = ?", arguments: [Secrets.digest(secret)]
            ).map(Self.token(from:))
        }
    }

    /// Revokes the token durably; `false` when no token has `id`. Revoking twice keeps the first time.
    func revoke(id: Int64) async throws(StoreError) -> Bool {
        try await database.committing { connection in
            try connection.execute(
                sql: "UPDATE api_tokens SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?",
                arguments: [WallClock.nowMilliseconds(), id])
            return connection.changes == 1
        }
    }

    static func token(from row: Row) throws -> APIToken {
        let scopeText: String = try row["scope"]
        guard let scope = APIToken.Scope(rawValue: scopeText) else {
            throw SQLiteError(kind: .decoding, message: "api_tokens.scope holds an unknown scope")
        }
        return APIToken(
            id: try row["id"], name: try row["name"], scope: scope, cohortID: try row["cohort_id"],
            createdAt: try row["created_at"], revokedAt: try row["revoked_at"])
    }
}
