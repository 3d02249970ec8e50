import SQLite

/// All SQL about learners, their device tokens and resume codes.
public struct LearnerStore: Sendable {
    /// How long a resume code stays valid.
    public static let resumeCodeLifetimeMilliseconds: Int64 = 15 * 60 * 1000

    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Creates a learner and its first device token inside the caller's transaction.
    static func insert(
        displayName: String, language: String, cohortID: Int64?, on connection: Connection
    ) throws -> IssuedLearner {
        let now = Clock.nowMilliseconds()
        try connection.execute(
            sql: """
                INSERT INTO learners (display_name, language, cohort_id, created_at, last_seen_at)
                VALUES (?, ?, ?, ?, ?)
                """,
            arguments: [displayName, language, cohortID, now, now])
        let id = connection.lastInsertedRowID
        let token = Secrets.makeToken()
        try connection.execute(
            sql: "INSERT INTO learner_tokens (token_hash, learner_id, created_at) VALUES (?, ?, ?)",
            arguments: [Secrets.digest(token), id, now])
        let learner = Learner(
            id: id, displayName: displayName, language: language, cohortID: cohortID, createdAt: now, lastSeenAt: now)
        return IssuedLearner(learner: learner, token: token)
    }

    /// Creates a learner durably (through the group-commit queue) and returns it with its token.
    public func create(displayName: String, language: String, cohortID: Int64?) async throws -> IssuedLearner {
        try await database.submit { connection in
            try Self.insert(displayName: displayName, language: language, cohortID: cohortID, on: connection)
        }
    }

    /// The learner holding `token`, or `nil` for an unknown token.
    ///
    /// The lookup is by SHA-256 digest through the primary-key index: the secret itself is never compared
    /// or stored, so timing reveals nothing about stored tokens.
    public func learner(token: String) throws -> Learner? {
        guard Self.isWellFormedToken(token) else { return nil }
        return try database.read { connection in
            try connection.queryOne(
                sql: """
                    SELECT l.* FROM learner_tokens t JOIN learners l ON l.id = t.learner_id WHERE t.token_hash = ?
                    """,
                arguments: [Secrets.digest(token)]
            ).map(Self.learner(from:))
        }
    }

    /// The learner with `id`, or `nil`.
    public func learner(id: Int64) throws -> Learner? {
        try database.read { connection in
            try connection.queryOne(sql: "SELECT * FROM learners WHERE id = ?", arguments: [id]).map(
                Self.learner(from:))
        }
    }

    /// Changes the display name and/or language; returns the updated learner.
    public func update(id: Int64, displayName: String?, language: String?) async throws -> Learner? {
        try await database.submit { connection in
            try connection.execute(
                sql: """
                    UPDATE learners SET display_name = coalesce(?, display_name), language = coalesce(?, language),
                    last_seen_at = ? WHERE id = ?
                    """,
                arguments: [displayName, language, Clock.nowMilliseconds(), id])
            return try connection.queryOne(sql: "SELECT * FROM learners WHERE id = ?", arguments: [id])
                .map(Self.learner(from:))
        }
    }

    /// Joins a learner to a cohort (or moves them), returning `false` when the learner does not exist.
    public func join(learnerID: Int64, cohortID: Int64, displayName: String?) async throws -> Bool {
        try await database.submit { connection in
            try connection.execute(
                sql: "UPDATE learners SET cohort_id = ?, display_name = coalesce(?, display_name) WHERE id = ?",
                arguments: [cohortID, displayName, learnerID])
            return connection.changes == 1
        }
    }

    /// Issues a fresh resume code for the learner, replacing earlier ones; the code is returned once.
    public func makeResumeCode(learnerID: Int64) async throws -> (code: String, expiresAt: Int64) {
        let code = Secrets.makeHumanCode()
        let expiresAt = Clock.nowMilliseconds() + Self.resumeCodeLifetimeMilliseconds
        try await database.submit { connection in
            try connection.execute(
                sql: "DELETE FROM resume_codes WHERE learner_id = ? OR expires_at < ?",
                arguments: [learnerID, Clock.nowMilliseconds()])
            try connection.execute(
                sql: "INSERT INTO resume_codes (code_hash, learner_id, expires_at) VALUES (?, ?, ?)",
                arguments: [Secrets.digest(Secrets.canonicalHumanCode(code)), learnerID, expiresAt])
        }
        return (code, expiresAt)
    }

    /// Redeems a resume code (single use): the learner gets a new device token, returned once.
    public func redeem(resumeCode: String) async throws -> IssuedLearner? {
        let digest = Secrets.digest(Secrets.canonicalHumanCode(resumeCode))
        return try await database.submit { connection in
            let now = Clock.nowMilliseconds()
            guard
                let row = try connection.queryOne(
                    sql: "SELECT learner_id FROM resume_codes WHERE code_hash = ? AND expires_at >= ?",
                    arguments: [digest, now])
            else { return nil }
            let learnerID: Int64 = try row["learner_id"]
            try connection.execute(sql: "DELETE FROM resume_codes WHERE code_hash = ?", arguments: [digest])
            guard
                let learner = try connection.queryOne(
                    sql: "SELECT * FROM learners WHERE id = ?", arguments: [learnerID]
                )
                .map(Self.learner(from:))
            else { return nil }
            let token = Secrets.makeToken()
            try connection.execute(
                sql: "INSERT INTO learner_tokens (token_hash, learner_id, created_at) VALUES (?, ?, ?)",
                arguments: [Secrets.digest(token), learnerID, now])
            return IssuedLearner(learner: learner, token: token)
        }
    }

    /// Learners whose display name contains `text` (case-insensitive), newest first.
    public func search(name text: String, limit: Int) throws -> [Learner] {
        try database.read { connection in
            try connection.query(
                sql: """
                    SELECT * FROM learners WHERE instr(lower(display_name), lower(?)) > 0 ORDER BY id DESC LIMIT ?
                    """,
                arguments: [text, limit]
            ).map(Self.learner(from:))
        }
    }

    /// Tokens are 32 lowercase hex digits; anything else is refused before touching the database.
    static func isWellFormedToken(_ token: String) -> Bool {
        token.utf8.count == 32 && token.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    static func learner(from row: Row) throws -> Learner {
        Learner(
            id: try row["id"], displayName: try row["display_name"], language: try row["language"],
            cohortID: try row["cohort_id"], createdAt: try row["created_at"], lastSeenAt: try row["last_seen_at"])
    }
}
