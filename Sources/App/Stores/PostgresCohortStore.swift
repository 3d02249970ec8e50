import PostgreSQL
import Views

/// Cohorts on PostgreSQL: the same semantics as `SQLiteCohortStore` (plans, rotation, removal), every value bound.
struct PostgresCohortStore: CohortStoring {
    let pool: ConnectionPool

    func create(name: String, plan: CohortPlan) async throws(StoreError) -> Cohort {
        let code = SQLiteCohortStore.makeJoinCode()
        return try await pool.committing { connection in
            let now = WallClock.nowMilliseconds()
            guard
                let row = try connection.queryOne(
                    """
                    INSERT INTO cohorts (name, join_code, created_at, due_date, required) VALUES ($1, $2, $3, $4, $5)
                    RETURNING id
                    """,
                    [name, code, now, plan.dueDate?.text, SQLiteCohortStore.encodeRequired(plan.required)])
            else { throw PostgreSQLError(kind: .server, message: "INSERT … RETURNING gave no row") }
            return Cohort(
                id: try row["id"], name: name, joinCode: code, createdAt: now, learnerCount: 0, plan: plan)
        }
    }

    func update(id: Int64, name: String, plan: CohortPlan) async throws(StoreError) -> Cohort? {
        let changed = try await pool.committing { connection in
            try connection.execute(
                "UPDATE cohorts SET name = $1, due_date = $2, required = $3 WHERE id = $4",
                [name, plan.dueDate?.text, SQLiteCohortStore.encodeRequired(plan.required), id]) == 1
        }
        return changed ? try await cohort(id: id) : nil
    }

    /// The old code goes to `retired_join_codes` in the same transaction, so its links answer 410.
    func rotateJoinCode(id: Int64) async throws(StoreError) -> Cohort? {
        let code = SQLiteCohortStore.makeJoinCode()
        let changed = try await pool.committing { connection in
            _ = try connection.execute(
                """
                INSERT INTO retired_join_codes (join_code, cohort_id, retired_at)
                SELECT join_code, id, $1 FROM cohorts WHERE id = $2
                """,
                [WallClock.nowMilliseconds(), id])
            return try connection.execute("UPDATE cohorts SET join_code = $1 WHERE id = $2", [code, id]) == 1
        }
        return changed ? try await cohort(id: id) : nil
    }

    func isRetired(joinCode: String) async throws(StoreError) -> Bool {
        guard SQLiteCohortStore.isWellFormedJoinCode(joinCode) else { return false }
        return try await pool.reading { connection in
            try connection.queryOne("SELECT 1 AS found FROM retired_join_codes WHERE join_code = $1", [joinCode])
                .map { _ in true } ?? false
        }
    }

    func remove(learnerID: Int64, fromCohort cohortID: Int64) async throws(StoreError) -> Bool {
        try await pool.committing { connection in
            try connection.execute(
                "UPDATE learners SET cohort_id = NULL WHERE id = $1 AND cohort_id = $2", [learnerID, cohortID]) == 1
        }
    }

    func cohort(id: Int64) async throws(StoreError) -> Cohort? {
        try await pool.reading { connection in
            try connection.queryOne(Self.selectWithCount + " WHERE c.id = $1", [id]).map(Self.cohort(from:))
        }
    }

    func cohort(joinCode: String) async throws(StoreError) -> Cohort? {
        guard SQLiteCohortStore.isWellFormedJoinCode(joinCode) else { return nil }
        return try await pool.reading { connection in
            try connection.queryOne(Self.selectWithCount + " WHERE c.join_code = $1", [joinCode])
                .map(Self.cohort(from:))
        }
    }

    func all() async throws(StoreError) -> [Cohort] {
        try await pool.reading { connection in
            try connection.query(Self.selectWithCount + " ORDER BY c.id DESC").map(Self.cohort(from:))
        }
    }

    /// The members and their records from one snapshot (a repeatable-read transaction).
    func memberRecords(cohortID: Int64) async throws(StoreError) -> [(learner: Learner, records: ProgressRecords)] {
        let members = try await pool.reading { connection in
            try connection.transaction(isolation: .snapshot) { connection in
                try Self.members(cohortID, connection)
            }
        }
        return members.map { ($0.learner, $0.records) }
    }

    private static func members(_ cohortID: Int64, _ connection: Connection) throws -> [Member] {
        let learners = try connection.query("SELECT * FROM learners WHERE cohort_id = $1 ORDER BY id", [cohortID])
            .map(PostgresRows.learner)
        var scores: [Int64: [QuestionScore]] = [:]
        for row in try connection.query(
            "SELECT s.* FROM question_scores s JOIN learners l ON l.id = s.learner_id WHERE l.cohort_id = $1",
            [cohortID])
        {
            let score = try QuestionScore(postgres: row)
            scores[score.learnerID, default: []].append(score)
        }
        var opened: [Int64: [CourseSection: Int64]] = [:]
        for row in try connection.query(
            """
            SELECT r.learner_id, r.section, r.last_opened_at FROM section_reads r
            JOIN learners l ON l.id = r.learner_id WHERE l.cohort_id = $1
            """,
            [cohortID])
        {
            let learnerID: Int64 = try row["learner_id"]
            opened[learnerID, default: [:]][try PostgresRows.section(row)] = try row["last_opened_at"]
        }
        return learners.map { learner in
            Member(
                learner: learner,
                records: ProgressRecords(scores: scores[learner.id] ?? [], lastOpened: opened[learner.id] ?? [:]))
        }
    }

    private static let selectWithCount = """
        SELECT c.*, (SELECT count(*) FROM learners l WHERE l.cohort_id = c.id) AS learner_count FROM cohorts c
        """

    private static func cohort(from row: Row) throws -> Cohort {
        Cohort(
            id: try row["id"], name: try row["name"], joinCode: try row["join_code"], createdAt: try row["created_at"],
            learnerCount: try row["learner_count"],
            plan: SQLiteCohortStore.plan(dueDate: try row["due_date"], required: try row["required"]))
    }
}

/// A cohort member with their records, as one Sendable value for the pool thread.
private struct Member: Sendable {
    var learner: Learner
    var records: ProgressRecords
}
