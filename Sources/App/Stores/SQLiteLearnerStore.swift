import SQLite

/// Learners on SQLite: all SQL about learners, their device tokens and resume codes.
struct SQLiteLearnerStore: LearnerStoring {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    /// Creates a learner and its first device token inside the caller's transaction.
    static func insert(
        displayName: String, language: String, cohortID: Int64?, on connection: Connection
    ) throws -> IssuedLearner {
        let now = WallClock.nowMilliseconds()
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
    func create(displayName: String, language: String, cohortID: Int64?) async throws(StoreError) -> IssuedLearner {
        try await database.committing { connection in
            try Self.insert(displayName: displayName, language: language, cohortID: cohortID, on: connection)
        }
    }

    /// The learner holding `token`, or `nil` for an unknown token.
    ///
    /// The lookup is by SHA-256 digest through the primary-key index: the secret itself is never compared
    /// or stored, so timing reveals nothing about stored tokens.
    /// An in-process read of one indexed row: as cheap as a suspension, so it runs on the caller's thread.
    func learnerSuspending(token: String) async throws(StoreError) -> Learner? {
        try learner(token: token)
    }

    func learner(token: String) throws(StoreError) -> Learner? {
        guard Learner.isWellFormedToken(token) else { return nil }
        return try database.reading { connection in
            try connection.queryOne(
                sql: """
                    SELECT l.* FROM learner_tokens t JOIN learners l ON l.id = t.learner_id WHERE t.token_hash = ?
                    """,
                arguments: [Secrets.digest(token)]
            ).map(Self.learner(from:))
        }
    }

    /// The learner with `id`, or `nil`.
    func learner(id: Int64) throws(StoreError) -> Learner? {
        try database.reading { connection in
            try connection.queryOne(sql: "SELECT * FROM learners WHERE id = ?", arguments: [id]).map(
                Self.learner(from:))
        }
    }

    /// Changes the display name and/or language; returns the updated learner.
    func update(id: Int64, displayName: String?, language: String?) async throws(StoreError) -> Learner? {
        try await database.committing { connection in
            try connection.execute(
                sql: """
                    UPDATE learners SET display_name = coalesce(?, display_name), language = coalesce(?, language),
                    last_seen_at = ? WHERE id = ?
                    """,
                arguments: [displayName, language, WallClock.nowMilliseconds(), id])
            return try connection.queryOne(sql: "SELECT * FROM learners WHERE id = ?", arguments: [id])
                .map(Self.learner(from:))
        }
    }

    /// Joins a learner to a cohort (or moves them), returning `false` when the learner does not exist.
    func join(learnerID: Int64, cohortID: Int64, displayName: String?) async throws(StoreError) -> Bool {
        try await database.committing { connection in
            try connection.execute(
                sql: "UPDATE learners SET cohort_id = ?, display_name = coalesce(?, display_name) WHERE id = ?",
                arguments: [cohortID, displayName, learnerID])
            return connection.changes == 1
        }
    }

    /// Issues a fresh resume code for the learner, replacing earlier ones; the code is returned once.
    func makeResumeCode(learnerID: Int64) async throws(StoreError) -> (code: String, expiresAt: Int64) {
        let code = Secrets.makeHumanCode()
        let expiresAt = WallClock.nowMilliseconds() + Learner.resumeCodeLifetimeMilliseconds
        try await database.committing { connection in
            try connection.execute(
                sql: "DELETE FROM resume_codes WHERE learner_id = ? OR expires_at < ?",
                arguments: [learnerID, WallClock.nowMilliseconds()])
            try connection.execute(
                sql: "INSERT INTO resume_codes (code_hash, learner_id, expires_at) VALUES (?, ?, ?)",
                arguments: [Secrets.digest(Secrets.canonicalHumanCode(code)), learnerID, expiresAt])
        }
        return (code, expiresAt)
    }

    /// Redeems a resume code (single use): the learner gets a new device token, returned once.
    func redeem(resumeCode: String) async throws(StoreError) -> IssuedLearner? {
        let digest = Secrets.digest(Secrets.canonicalHumanCode(resumeCode))
        return try await database.committing { connection in
            let now = WallClock.nowMilliseconds()
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
    func search(name text: String, limit: Int) throws(StoreError) -> [Learner] {
        try database.reading { connection in
            try connection.query(
                sql: """
                    SELECT * FROM learners WHERE instr(lower(display_name), lower(?)) > 0 ORDER BY id DESC LIMIT ?
                    """,
                arguments: [text, limit]
            ).map(Self.learner(from:))
        }
    }

    static func learner(from row: Row) throws -> Learner {
        Learner(
            id: try row["id"], displayName: try row["display_name"], language: try row["language"],
            cohortID: try row["cohort_id"], createdAt: try row["created_at"], lastSeenAt: try row["last_seen_at"])
    }
}
