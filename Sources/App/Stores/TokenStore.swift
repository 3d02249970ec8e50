import SQLite

/// All SQL about API tokens: created with a random secret stored only as its SHA-256, listed, revoked.
public struct TokenStore: Sendable {
    /// Prefix of every API token secret: tells it from a learner token at a glance (and to secret scanners).
    public static let secretPrefix = "folio_"

    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Why a token could not be created.
    public enum CreationError: Error, Sendable, Equatable {
        case unknownCohort
    }

    /// Creates a token durably; the secret is returned here once and only its digest is kept.
    /// - Throws: `CreationError.unknownCohort` when `cohortID` names no cohort; `SQLiteError`.
    public func create(name: String, scope: APIToken.Scope, cohortID: Int64?) async throws -> IssuedAPIToken {
        let secret = Self.secretPrefix + Secrets.makeToken()
        let digest = Secrets.digest(secret)
        let created: APIToken? = try await database.submit { connection in
            if let cohortID {
                let exists: Int64? = try connection.scalar(
                    sql: "SELECT count(*) FROM cohorts WHERE id = ?", arguments: [cohortID])
                guard exists == 1 else { return nil }
            }
            let now = Clock.nowMilliseconds()
            try connection.execute(
                sql: "INSERT INTO api_tokens (name, token_hash, scope, cohort_id, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [name, digest, scope.rawValue, cohortID, now])
            return APIToken(
                id: connection.lastInsertedRowID, name: name, scope: scope, cohortID: cohortID, createdAt: now,
                revokedAt: nil)
        }
        guard let created else { throw CreationError.unknownCohort }
        return IssuedAPIToken(token: created, secret: secret)
    }

    /// Every token (revoked ones too, for the audit trail), newest first; never their secrets.
    public func all() async throws -> [APIToken] {
        try await database.read { connection in
            try connection.query(sql: "SELECT * FROM api_tokens ORDER BY id DESC").map(Self.token(from:))
        }
    }

    /// The token whose secret is `secret` (revoked or not), or `nil`; looked up by digest only.
    public func token(secret: String) async throws -> APIToken? {
        guard secret.hasPrefix(Self.secretPrefix), secret.utf8.count == Self.secretPrefix.utf8.count + 32 else {
            return nil
        }
        return try await database.read { connection in
            try connection.queryOne(
                sql: "SELECT * FROM api_tokens WHERE token_hash = ?", arguments: [Secrets.digest(secret)]
            ).map(Self.token(from:))
        }
    }

    /// Revokes the token durably; `false` when no token has `id`. Revoking twice keeps the first time.
    public func revoke(id: Int64) async throws -> Bool {
        try await database.submit { connection in
            try connection.execute(
                sql: "UPDATE api_tokens SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?",
                arguments: [Clock.nowMilliseconds(), id])
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
