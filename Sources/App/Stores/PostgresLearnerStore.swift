import PostgreSQL

/// Learners on PostgreSQL: the same semantics as `SQLiteLearnerStore`, every value bound.
struct PostgresLearnerStore: LearnerStoring {
    let pool: ConnectionPool

    /// Creates a learner and its first device token inside the caller's transaction.
    static func insert(displayName: String, language: String, cohortID: Int64?, on connection: Connection) throws
        -> IssuedLearner
    {
        let now = WallClock.nowMilliseconds()
        guard
            let row = try connection.queryOne(
                """
                INSERT INTO learners (display_name, language, cohort_id, created_at, last_seen_at)
                VALUES ($1, $2, $3, $4, $4) RETURNING id
                """,
                [displayName, language, cohortID, now])
        else { throw PostgreSQLError(kind: .server, message: "INSERT … RETURNING gave no row") }
        let id: Int64 = try row["id"]
        let token = Secrets.makeToken()
        try connection.execute(
            "INSERT INTO learner_tokens (token_hash, learner_id, created_at) VALUES ($1, $2, $3)",
            [Secrets.digest(token), id, now])
        let learner = Learner(
            id: id, displayName: displayName, language: language, cohortID: cohortID, createdAt: now, lastSeenAt: now)
        return IssuedLearner(learner: learner, token: token)
    }

    func create(displayName: String, language: String, cohortID: Int64?) async throws(StoreError) -> IssuedLearner {
        try await pool.committing { connection in
            try Self.insert(displayName: displayName, language: language, cohortID: cohortID, on: connection)
        }
    }

    /// The learner holding `token`, looked up by the token's SHA-256 digest.
    func learner(token: String) throws(StoreError) -> Learner? {
        guard Learner.isWellFormedToken(token) else { return nil }
        let digest = Secrets.digest(token)
        return try pool.readingBlocking { connection in
            try connection.queryOne(
                "SELECT l.* FROM learner_tokens t JOIN learners l ON l.id = t.learner_id WHERE t.token_hash = $1",
                [digest]
            ).map(PostgresRows.learner)
        }
    }

    func learnerSuspending(token: String) async throws(StoreError) -> Learner? {
        guard Learner.isWellFormedToken(token) else { return nil }
        let digest = Secrets.digest(token)
        return try await pool.reading { connection in
            try connection.queryOne(
                "SELECT l.* FROM learner_tokens t JOIN learners l ON l.id = t.learner_id WHERE t.token_hash = $1",
                [digest]
            ).map(PostgresRows.learner)
        }
    }

    func learner(id: Int64) throws(StoreError) -> Learner? {
        try pool.readingBlocking { connection in
            try connection.queryOne("SELECT * FROM learners WHERE id = $1", [id]).map(PostgresRows.learner)
        }
    }

    func update(id: Int64, displayName: String?, language: String?) async throws(StoreError) -> Learner? {
        try await pool.committing { connection in
            try connection.queryOne(
                """
                UPDATE learners SET display_name = coalesce($1, display_name), language = coalesce($2, language),
                last_seen_at = $3 WHERE id = $4 RETURNING *
                """,
                [displayName, language, WallClock.nowMilliseconds(), id]
            ).map(PostgresRows.learner)
        }
    }

    func join(learnerID: Int64, cohortID: Int64, displayName: String?) async throws(StoreError) -> Bool {
        try await pool.committing { connection in
            try connection.execute(
                "UPDATE learners SET cohort_id = $1, display_name = coalesce($2, display_name) WHERE id = $3",
                [cohortID, displayName, learnerID]) == 1
        }
    }

    func makeResumeCode(learnerID: Int64) async throws(StoreError) -> (code: String, expiresAt: Int64) {
        let code = Secrets.makeHumanCode()
        let expiresAt = WallClock.nowMilliseconds() + Learner.resumeCodeLifetimeMilliseconds
        let digest = Secrets.digest(Secrets.canonicalHumanCode(code))
        try await pool.committing { connection in
            try connection.execute(
                "DELETE FROM resume_codes WHERE learner_id = $1 OR expires_at < $2",
                [learnerID, WallClock.nowMilliseconds()])
            try connection.execute(
                "INSERT INTO resume_codes (code_hash, learner_id, expires_at) VALUES ($1, $2, $3)",
                [digest, learnerID, expiresAt])
        }
        return (code, expiresAt)
    }

    /// Redeems a resume code once: the DELETE … RETURNING claims it, so two nodes cannot both redeem it.
    func redeem(resumeCode: String) async throws(StoreError) -> IssuedLearner? {
        let digest = Secrets.digest(Secrets.canonicalHumanCode(resumeCode))
        return try await pool.committing { connection in
            let now = WallClock.nowMilliseconds()
            guard
                let claimed = try connection.queryOne(
                    "DELETE FROM resume_codes WHERE code_hash = $1 AND expires_at >= $2 RETURNING learner_id",
                    [digest, now])
            else { return nil }
            let learnerID: Int64 = try claimed["learner_id"]
            guard
                let learner = try connection.queryOne("SELECT * FROM learners WHERE id = $1", [learnerID])
                    .map(PostgresRows.learner)
            else { return nil }
            let token = Secrets.makeToken()
            try connection.execute(
                "INSERT INTO learner_tokens (token_hash, learner_id, created_at) VALUES ($1, $2, $3)",
                [Secrets.digest(token), learnerID, now])
            return IssuedLearner(learner: learner, token: token)
        }
    }

    func search(name text: String, limit: Int) throws(StoreError) -> [Learner] {
        try pool.readingBlocking { connection in
            try connection.query(
                "SELECT * FROM learners WHERE strpos(lower(display_name), lower($1)) > 0 ORDER BY id DESC LIMIT $2",
                [text, limit]
            ).map(PostgresRows.learner)
        }
    }
}
