import PostgreSQL

/// Item-analysis facts on PostgreSQL: the same queries as `SQLiteItemStore`, every value bound.
struct PostgresItemStore: ItemStoring {
    let pool: ConnectionPool

    func questionFacts(cohortID: Int64?) async throws(StoreError) -> [ItemFact] {
        try await pool.reading { connection in
            try connection.query(
                """
                SELECT s.*, coalesce(
                    (SELECT a.language FROM attempts a WHERE a.learner_id = s.learner_id
                     AND a.question_id = s.question_id ORDER BY a.id LIMIT 1),
                    l.language) AS answer_language
                FROM question_scores s JOIN learners l ON l.id = s.learner_id
                WHERE ($1 IS NULL OR l.cohort_id = $1)
                ORDER BY s.learner_id, s.question_id
                """,
                [cohortID]
            ).map { row in
                ItemFact(
                    learnerID: try row["learner_id"], questionID: try row["question_id"],
                    language: try row["answer_language"], tries: try PostgresRows.tries(row))
            }
        }
    }

    func wrongAnswers(cohortID: Int64?) async throws(StoreError) -> [WrongAnswerCount] {
        try await pool.reading { connection in
            try connection.query(
                """
                SELECT a.question_id, a.language, coalesce(a.choice, a.answer) AS given, count(*) AS times
                FROM attempts a JOIN learners l ON l.id = a.learner_id
                WHERE a.verdict <> 'correct' AND ($1 IS NULL OR l.cohort_id = $1)
                GROUP BY a.question_id, a.language, coalesce(a.choice, a.answer)
                """,
                [cohortID]
            ).map { row in
                WrongAnswerCount(
                    questionID: try row["question_id"], language: try row["language"], answer: try row["given"],
                    count: try row["times"])
            }
        }
    }
}
