import SQLite
import Views

/// Cohorts on SQLite: creation with an unguessable join code, lookups, and members' progress records.
struct SQLiteCohortStore: CohortStoring {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    /// Creates a cohort with a fresh join code and `plan`, durably.
    func create(name: String, plan: CohortPlan) async throws(StoreError) -> Cohort {
        let code = Self.makeJoinCode()
        return try await database.committing { connection in
            let now = WallClock.nowMilliseconds()
            try connection.execute(
                sql: "INSERT INTO cohorts (name, join_code, created_at, due_date, required) VALUES (?, ?, ?, ?, ?)",
                arguments: [name, code, now, plan.dueDate?.text, Self.encodeRequired(plan.required)])
            return Cohort(
                id: connection.lastInsertedRowID, name: name, joinCode: code, createdAt: now, learnerCount: 0,
                plan: plan)
        }
    }

    /// Replaces the cohort's name, due date and required sections.
    func update(id: Int64, name: String, plan: CohortPlan) async throws(StoreError) -> Cohort? {
        let changed = try await database.committing { connection in
            try connection.execute(
                sql: "UPDATE cohorts SET name = ?, due_date = ?, required = ? WHERE id = ?",
                arguments: [name, plan.dueDate?.text, Self.encodeRequired(plan.required), id])
            return connection.changes == 1
        }
        return changed ? try await cohort(id: id) : nil
    }

    /// A fresh join code; the old one is kept in `retired_join_codes` so its links answer 410.
    func rotateJoinCode(id: Int64) async throws(StoreError) -> Cohort? {
        let code = Self.makeJoinCode()
        let changed = try await database.committing { connection in
            try connection.execute(
                sql: """
                    INSERT INTO retired_join_codes (join_code, cohort_id, retired_at)
                    SELECT join_code, id, ? FROM cohorts WHERE id = ?
                    """,
                arguments: [WallClock.nowMilliseconds(), id])
            try connection.execute(sql: "UPDATE cohorts SET join_code = ? WHERE id = ?", arguments: [code, id])
            return connection.changes == 1
        }
        return changed ? try await cohort(id: id) : nil
    }

    /// Whether the code was replaced by a rotation; malformed codes are refused without a query.
    func isRetired(joinCode: String) async throws(StoreError) -> Bool {
        guard Self.isWellFormedJoinCode(joinCode) else { return false }
        return try await database.reading { connection in
            try connection.queryOne(
                sql: "SELECT 1 AS found FROM retired_join_codes WHERE join_code = ?", arguments: [joinCode]
            ).map { _ in true } ?? false
        }
    }

    /// Clears the learner's cohort when it is this one.
    func remove(learnerID: Int64, fromCohort cohortID: Int64) async throws(StoreError) -> Bool {
        try await database.committing { connection in
            try connection.execute(
                sql: "UPDATE learners SET cohort_id = NULL WHERE id = ? AND cohort_id = ?",
                arguments: [learnerID, cohortID])
            return connection.changes == 1
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
            learnerCount: try row["learner_count"],
            plan: plan(dueDate: try row["due_date"], required: try row["required"]))
    }

    /// A plan from its stored columns (both engines store them alike); both `nil` is the default plan.
    static func plan(dueDate: String?, required: String?) -> CohortPlan {
        CohortPlan(dueDate: dueDate.flatMap(DueDate.init), required: required.map(decodeRequired))
    }

    /// The stored form of the required sections: names separated by spaces; `nil` for the default.
    static func encodeRequired(_ sections: [CourseSection]?) -> String? {
        sections.map { $0.map(\.name).joined(separator: " ") }
    }

    /// Parses the stored form; names that are not sections are skipped.
    static func decodeRequired(_ text: String) -> [CourseSection] {
        text.split(separator: " ").compactMap { CourseSection(name: String($0)) }
    }
}
