import PostgreSQL

/// The scores API's reads on PostgreSQL: the same semantics as `SQLiteScoreStore`, every value bound.
struct PostgresScoreStore: ScoreStoring {
    let pool: ConnectionPool

    func page(cohortID: Int64?, since: Int64?, after cursor: ScoreCursor?, limit: Int)
        async throws(StoreError) -> [ScoreRecord]
    {
        let cursorLearner = cursor?.learnerID
        let cursorQuestion = cursor?.questionID
        return try await pool.reading { connection in
            try connection.query(
                """
                SELECT s.*, l.display_name, l.cohort_id FROM question_scores s
                JOIN learners l ON l.id = s.learner_id
                WHERE ($1 IS NULL OR l.cohort_id = $1) AND ($2 IS NULL OR s.last_attempt_at >= $2)
                AND ($3 IS NULL OR (s.learner_id, s.question_id) > ($3, $4))
                ORDER BY s.learner_id, s.question_id LIMIT $5
                """,
                [cohortID, since, cursorLearner, cursorQuestion, limit]
            ).map(Self.record(from:))
        }
    }

    func scores(learnerID: Int64) async throws(StoreError) -> [ScoreRecord] {
        try await pool.reading { connection in
            try connection.query(
                """
                SELECT s.*, l.display_name, l.cohort_id FROM question_scores s
                JOIN learners l ON l.id = s.learner_id WHERE s.learner_id = $1 ORDER BY s.question_id
                """,
                [learnerID]
            ).map(Self.record(from:))
        }
    }

    private static func record(from row: Row) throws -> ScoreRecord {
        ScoreRecord(
            learnerID: try row["learner_id"], displayName: try row["display_name"], cohortID: try row["cohort_id"],
            questionID: try row["question_id"], section: try PostgresRows.section(row),
            tries: try PostgresRows.tries(row), lastAttemptAt: try row["last_attempt_at"])
    }
}
