import SQLite
import Views

/// Cohorts on SQLite: creation with an unguessable join code, lookups, and members' progress records.
struct SQLiteCohortStore: CohortStoring {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    /// Creates a cohort with a fresh join code, durably.
    func create(name: String) async throws(StoreError) -> Cohort {
        let code = Self.makeJoinCode()
        return try await database.committing { connection in
            let now = WallClock.nowMilliseconds()
            try connection.execute(
                sql: "INSERT INTO cohorts (name, join_code, created_at) VALUES (?, ?, ?)", arguments: [name, code, now])
            return Cohort(
                id: connection.lastInsertedRowID, name: name, joinCode: code, createdAt: now, learnerCount: 0)
        }
    }

    /// The cohort with `id`, with its learner count, or `nil`.
    func cohort(id: Int64) async throws(StoreError) -> Cohort? {
        try await database.reading { connection in
            try connection.queryOne(sql: Self.selectWithCount + " WHERE c.id = ?", arguments: [id])
                .map(Self.cohort(from:))
        }
    }

    /// The cohort a join code invites to, or `nil`; malformed codes are refused without a query.
    func cohort(joinCode: String) async throws(StoreError) -> Cohort? {
        guard Self.isWellFormedJoinCode(joinCode) else { return nil }
        return try await database.reading { connection in
            try connection.queryOne(sql: Self.selectWithCount + " WHERE c.join_code = ?", arguments: [joinCode])
                .map(Self.cohort(from:))
        }
    }

    /// Every cohort with its learner count, newest first.
    func all() async throws(StoreError) -> [Cohort] {
        try await database.reading { connection in
            try connection.query(sql: Self.selectWithCount + " ORDER BY c.id DESC").map(Self.cohort(from:))
        }
    }

    /// The cohort's learners (by id) with their per-question scores and section reads, read in one
    /// transaction so the matrix is consistent.
    func memberRecords(cohortID: Int64) async throws(StoreError) -> [(learner: Learner, records: ProgressRecords)] {
        try await database.reading { connection in
            try connection.transaction(.deferred) { connection in
                let learners = try connection.query(
                    sql: "SELECT * FROM learners WHERE cohort_id = ? ORDER BY id", arguments: [cohortID]
                ).map(SQLiteLearnerStore.learner(from:))
                var scores: [Int64: [QuestionScore]] = [:]
                for row in try connection.query(
                    sql: """
                        SELECT s.* FROM question_scores s JOIN learners l ON l.id = s.learner_id
                        WHERE l.cohort_id = ?
                        """,
                    arguments: [cohortID])
                {
                    let score = try QuestionScore(row: row)
                    scores[score.learnerID, default: []].append(score)
                }
                var opened: [Int64: [CourseSection: Int64]] = [:]
                for row in try connection.query(
                    sql: """
                        SELECT r.learner_id, r.section, r.last_opened_at FROM section_reads r
                        JOIN learners l ON l.id = r.learner_id WHERE l.cohort_id = ?
                        """,
                    arguments: [cohortID])
                {
                    let learnerID: Int64 = try row["learner_id"]
                    opened[learnerID, default: [:]][try SQLiteAttemptStore.section(row)] = try row["last_opened_at"]
                }
                return learners.map { learner in
                    (
                        learner,
                        ProgressRecords(
                            scores: scores[learner.id] ?? [], lastOpened: opened[learner.id] ?? [:])
                    )
                }
            }
        }
    }

    /// 16 random bytes (128 bits) as 22 base64url characters: safe in a URL path, impossible to guess.
    static func makeJoinCode() -> String {
        Base64URL.encode(Secrets.randomBytes(16))
    }

    static func isWellFormedJoinCode(_ code: String) -> Bool {
        code.utf8.count == 22 && Base64URL.decode(code)?.count == 16
    }

    private static let selectWithCount = """
        SELECT c.*, (SELECT count(*) FROM learners l WHERE l.cohort_id = c.id) AS learner_count FROM cohorts c
        """

    static func cohort(from row: Row) throws -> Cohort {
        Cohort(
            id: try row["id"], name: try row["name"], joinCode: try row["join_code"], createdAt: try row["created_at"],
            learnerCount: try row["learner_count"])
    }
}
