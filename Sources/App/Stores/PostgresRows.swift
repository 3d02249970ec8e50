import PostgreSQL
import Views

/// Row decoding shared by the PostgreSQL stores.
enum PostgresRows {
    /// The row's `section` column, parsed.
    static func section(_ row: Row) throws -> CourseSection {
        let name: String = try row["section"]
        guard let section = CourseSection(name: name) else {
            throw PostgreSQLError(kind: .decoding, message: "section holds an unknown section name")
        }
        return section
    }

    static func learner(_ row: Row) throws -> Learner {
        Learner(
            id: try row["id"], displayName: try row["display_name"], language: try row["language"],
            cohortID: try row["cohort_id"], createdAt: try row["created_at"], lastSeenAt: try row["last_seen_at"])
    }

    static func tries(_ row: Row) throws -> QuestionTries {
        QuestionTries(
            firstScore: try row["first_score"], bestScore: try row["best_score"], attempts: try row["attempts"],
            firstCorrectTry: try row["first_correct_try"], firstCorrectAt: try row["first_correct_at"],
            revealedAt: try row["revealed_at"], steps: QuestionTries.steps(decoding: try row["score_steps"]))
    }

    static func score(_ row: Row) throws -> QuestionScore {
        try QuestionScore(postgres: row)
    }

    static func contentVersion(_ row: Row) throws -> ContentVersion {
        let outcomeText: String = try row["outcome"]
        guard let outcome = ContentVersion.Outcome(rawValue: outcomeText) else {
            throw PostgreSQLError(kind: .decoding, message: "content_versions.outcome holds an unknown outcome")
        }
        return ContentVersion(
            id: try row["id"], contentHash: try row["content_hash"], loadedAt: try row["loaded_at"],
            loadedBy: try row["loaded_by"], outcome: outcome, report: try row["report"])
    }
}

extension QuestionScore {
    /// The facts of a PostgreSQL `question_scores` row.
    init(postgres row: Row) throws {
        learnerID = try row["learner_id"]
        questionID = try row["question_id"]
        section = try PostgresRows.section(row)
        tries = try PostgresRows.tries(row)
        lastAttemptAt = try row["last_attempt_at"]
    }
}
