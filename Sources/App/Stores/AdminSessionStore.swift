import SQLite

/// A signed-in admin browser: what the session cookie stands for.
public struct AdminSession: Sendable, Equatable {
    /// The SHA-256 of the session id (the cookie value is never stored).
    public var idHash: [UInt8]
    /// The token every console form must echo back (`csrf` field or `X-CSRF-Token` header).
    public var csrfToken: String
    public var createdAt: Int64
    public var expiresAt: Int64
}

/// All SQL about admin browser sessions (`admin_sessions`).
public struct AdminSessionStore: Sendable {
    /// How long a console session lasts from sign-in: a working day.
    public static let lifetimeMilliseconds: Int64 = 12 * 3600 * 1000

    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Starts a session; returns the random 128-bit id for the cookie (shown once) and the stored session.
    ///
    /// Expired sessions are purged in the same transaction, so the table stays small without a timer.
    public func create(now: Int64 = Clock.nowMilliseconds()) async throws -> (id: String, session: AdminSession) {
        let id = Secrets.makeToken()
        let session = AdminSession(
            idHash: Secrets.digest(id), csrfToken: Secrets.makeToken(), createdAt: now,
            expiresAt: now + Self.lifetimeMilliseconds)
        try await database.submit { connection in
            try connection.execute(sql: "DELETE FROM admin_sessions WHERE expires_at <= ?", arguments: [now])
            try connection.execute(
                sql: "INSERT INTO admin_sessions (id_hash, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [session.idHash, session.csrfToken, session.createdAt, session.expiresAt])
        }
        return (id, session)
    }

    /// The live session for a cookie value; `nil` when unknown, malformed or expired.
    public func session(id: String, now: Int64 = Clock.nowMilliseconds()) async throws -> AdminSession? {
        guard LearnerStore.isWellFormedToken(id) else { return nil }
        let digest = Secrets.digest(id)
        return try await database.read { connection in
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
    public func delete(_ session: AdminSession) async throws {
        try await database.submit { connection in
            try connection.execute(sql: "DELETE FROM admin_sessions WHERE id_hash = ?", arguments: [session.idHash])
        }
    }
}
