import PostgreSQL

/// API tokens on PostgreSQL: the same semantics as `SQLiteTokenStore`, every value bound.
struct PostgresTokenStore: TokenStoring {
    let pool: ConnectionPool

    func create(name: String, scope: APIToken.Scope, cohortID: Int64?) async throws(StoreError) -> IssuedAPIToken? {
        let secret = APIToken.secretPrefix + Secrets.makeToken()
        let digest = Secrets.digest(secret)
        let created: APIToken? = try await pool.committing { connection in
            if let cohortID {
                guard try connection.queryOne("SELECT id FROM cohorts WHERE id = $1 FOR SHARE", [cohortID]) != nil
                else { return nil }
            }
            let now = WallClock.nowMilliseconds()
            guard
                let row = try connection.queryOne(
                    """
                    INSERT INTO api_tokens (name, token_hash, scope, cohort_id, created_at)
                    VALUES ($1, $2, $3, $4, $5) RETURNING id
                    """,
                    [name, digest, scope.rawValue, cohortID, now])
            else { throw PostgreSQLError(kind: .server, message: "INSERT … RETURNING gave no row") }
            return APIToken(
                id: try row["id"], name: name, scope: scope, cohortID: cohortID, createdAt: now, revokedAt: nil)
        }
        guard let created else { return nil }
        return IssuedAPIToken(token: created, secret: secret)
    }

    func all() async throws(StoreError) -> [APIToken] {
        try await pool.reading { connection in
            try connection.query("SELECT * FROM api_tokens ORDER BY id DESC").map(Self.token(from:))
        }
    }

    func token(secret: String) async throws(StoreError) -> APIToken? {
        guard secret.hasPrefix(APIToken.secretPrefix), secret.utf8.count == APIToken.secretPrefix.utf8.count + 32 else {
            return nil
        }
        let digest = Secrets.digest(secret)
        return try await pool.reading { connection in
            try connection.queryOne("SELECT * FROM api_tokens WHERE token_hash = $1", [digest]).map(Self.token(from:))
        }
    }

    func revoke(id: Int64) async throws(StoreError) -> Bool {
        try await pool.committing { connection in
            try connection.execute(
                "UPDATE api_tokens SET revoked_at = coalesce(revoked_at, $1) WHERE id = $2",
                [WallClock.nowMilliseconds(), id]) == 1
        }
    }

    private static func token(from row: Row) throws -> APIToken {
        let scopeText: String = try row["scope"]
        guard let scope = APIToken.Scope(rawValue: scopeText) else {
            throw PostgreSQLError(kind: .decoding, message: "api_tokens.scope holds an unknown scope")
        }
        return APIToken(
            id: try row["id"], name: try row["name"], scope: scope, cohortID: try row["cohort_id"],
            createdAt: try row["created_at"], revokedAt: try row["revoked_at"])
    }
}
