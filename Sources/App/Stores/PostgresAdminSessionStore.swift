import PostgreSQL

/// Admin sessions on PostgreSQL: the same semantics as `SQLiteAdminSessionStore`; every node sees them.
struct PostgresAdminSessionStore: AdminSessionStoring {
    let pool: ConnectionPool

    func create(now: Int64) async throws(StoreError) -> (id: String, session: AdminSession) {
        let id = Secrets.makeToken()
        let session = AdminSession(
            idHash: Secrets.digest(id), csrfToken: Secrets.makeToken(), createdAt: now,
            expiresAt: now + AdminSession.lifetimeMilliseconds)
        try await pool.committing { connection in
            try connection.execute("DELETE FROM admin_sessions WHERE expires_at <= $1", [now])
            try connection.execute(
                "INSERT INTO admin_sessions (id_hash, csrf_token, created_at, expires_at) VALUES ($1, $2, $3, $4)",
                [session.idHash, session.csrfToken, session.createdAt, session.expiresAt])
        }
        return (id, session)
    }

    func session(id: String, now: Int64) async throws(StoreError) -> AdminSession? {
        guard Learner.isWellFormedToken(id) else { return nil }
        let digest = Secrets.digest(id)
        return try await pool.reading { connection in
            try connection.queryOne(
                "SELECT * FROM admin_sessions WHERE id_hash = $1 AND expires_at > $2", [digest, now]
            ).map { row in
                AdminSession(
                    idHash: try row["id_hash"], csrfToken: try row["csrf_token"], createdAt: try row["created_at"],
                    expiresAt: try row["expires_at"])
            }
        }
    }

    func delete(_ session: AdminSession) async throws(StoreError) {
        let digest = session.idHash
        try await pool.committing { connection in
            try connection.execute("DELETE FROM admin_sessions WHERE id_hash = $1", [digest])
        }
    }
}
