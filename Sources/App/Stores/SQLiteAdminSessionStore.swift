import SQLite

/// Admin sessions on SQLite: all SQL about admin browser sessions (`admin_sessions`).
struct SQLiteAdminSessionStore: AdminSessionStoring {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    /// Starts a session; returns the random 128-bit id for the cookie (shown once) and the stored session.
    ///
    /// Expired sessions are purged in the same transaction, so the table stays small without a timer.
    func create(now: Int64) async throws(StoreError) -> (id: String, session: AdminSession) {
        let id = Secrets.makeToken()
        let session = AdminSession(
            idHash: Secrets.digest(id), csrfToken: Secrets.makeToken(), createdAt: now,
            expiresAt: now + AdminSession.lifetimeMilliseconds)
        try await database.committing { connection in
            try connection.execute(sql: "DELETE FROM admin_sessions WHERE expires_at <= ?", arguments: [now])
            try connection.execute(
                sql: "INSERT INTO admin_sessions (id_hash, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [session.idHash, session.csrfToken, session.createdAt, session.expiresAt])
        }
        return (id, session)
    }

    /// The live session for a cookie value; `nil` when unknown, malformed or expired.
    func session(id: String, now: Int64) async throws(StoreError) -> AdminSession? {
        guard Learner.isWellFormedToken(id) else { return nil }
        let digest = Secrets.digest(id)
        return try await database.reading { connection in
            try connection.queryOne(
                sql: "SELECT * FROM admin_sessions WHERE id_hash = ? AND expires_at > ?", arguments: [digest, now]
            ).map { row in
                AdminSession(
                    idHash: try row["id_hash"], csrfToken: try row["csrf_token"], createdAt: try row["created_at"],
                    expiresAt: try row["expires_at"])
            }
        }
    }

    /// Ends a session (sign-out).
    func delete(_ session: AdminSession) async throws(StoreError) {
        try await database.committing { connection in
            try connection.execute(sql: "DELETE FROM admin_sessions WHERE id_hash = ?", arguments: [session.idHash])
        }
    }
}
