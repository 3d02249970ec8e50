import SQLite

/// Item-analysis facts on SQLite: `question_scores` with each row's answering language, and wrong attempts
/// grouped by answer.
struct SQLiteItemStore: ItemStoring {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    /// The language is the first attempt's (through the `attempts_by_question` index), else the learner's.
    func questionFacts(cohortID: Int64?) async throws(StoreError) -> [ItemFact] {
        try await database.reading { connection in
            try connection.query(
                sql: """
                    SELECT s.*, coalesce(
                        (SELECT a.language FROM attempts a WHERE a.learner_id = s.learner_id
                         AND a.question_id = s.question_id ORDER BY a.id LIMIT 1),
                        l.language) AS answer_language
                    FROM question_scores s JOIN learners l ON l.id = s.learner_id
                    WHERE (?1 IS NULL OR l.cohort_id = ?1)
                    ORDER BY s.learner_id, s.question_id
                    """,
                arguments: [cohortID]
            ).map { row in
                ItemFact(
                    learnerID: try row["learner_id"], questionID: try row["question_id"],
                    language: try row["answer_language"], tries: try QuestionTries(row: row))
            }
        }
    }

    /// A chosen option counts as its choice, a written answer as its text.
    func wrongAnswers(cohortID: Int64?) async throws(StoreError) -> [WrongAnswerCount] {
        try await database.reading { connection in
            try connection.query(
                sql: """
                    SELECT a.question_id, a.language, coalesce(a.choice, a.answer) AS given, count(*) AS times
                    FROM attempts a JOIN learners l ON l.id = a.learner_id
                    WHERE a.verdict <> 'correct' AND (?1 IS NULL OR l.cohort_id = ?1)
                    GROUP BY a.question_id, a.language, given
                    """,
                arguments: [cohortID]
            ).map { row in
                WrongAnswerCount(
                    questionID: try row["question_id"], language: try row["language"], answer: try row["given"],
                    count: try row["times"])
            }
        }
    }
}
