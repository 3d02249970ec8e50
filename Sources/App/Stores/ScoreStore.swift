import SQLite

/// All SQL of the scores API: per-question facts (`question_scores`, maintained with each attempt)
/// joined with the learner's name and cohort.
public struct ScoreStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// A page of scores after `cursor` in (learner id, question id) order, optionally limited to a cohort
    /// and to rows with an attempt at or after `since` (Unix ms).
    public func page(cohortID: Int64?, since: Int64?, after cursor: ScoreCursor?, limit: Int) async throws
        -> [ScoreRecord]
    {
        try await database.read { connection in
            try connection.query(
                sql: """
                    SELECT s.*, l.display_name, l.cohort_id FROM question_scores s
                    JOIN learners l ON l.id = s.learner_id
                    WHERE (?1 IS NULL OR l.cohort_id = ?1) AND (?2 IS NULL OR s.last_attempt_at >= ?2)
                    AND (?3 IS NULL OR (s.learner_id, s.question_id) > (?3, ?4))
                    ORDER BY s.learner_id, s.question_id LIMIT ?5
                    """,
                arguments: [cohortID, since, cursor?.learnerID, cursor?.questionID, limit]
            ).map(Self.record(from:))
        }
    }

    /// Every score of one learner, by question id.
    public func scores(learnerID: Int64) async throws -> [ScoreRecord] {
        try await database.read { connection in
            try connection.query(
                sql: """
                    SELECT s.*, l.display_name, l.cohort_id FROM question_scores s
                    JOIN learners l ON l.id = s.learner_id WHERE s.learner_id = ? ORDER BY s.question_id
                    """,
                arguments: [learnerID]
            ).map(Self.record(from:))
        }
    }

    static func record(from row: Row) throws -> ScoreRecord {
        ScoreRecord(
            learnerID: try row["learner_id"], displayName: try row["display_name"], cohortID: try row["cohort_id"],
            questionID: try row["question_id"], section: try row["section"], tries: try QuestionTries(row: row),
            lastAttemptAt: try row["last_attempt_at"])
    }
}
