import SQLite

/// The xAPI listing's attempts on SQLite, joined with the learner for the cohort filter.
struct SQLiteStatementStore: StatementStoring {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    func attempts(cohortID: Int64?, since: Int64?, after cursor: Int64, limit: Int) async throws(StoreError)
        -> [Attempt]
    {
        try await database.reading { connection in
            try connection.query(
                sql: """
                    SELECT a.* FROM attempts a JOIN learners l ON l.id = a.learner_id
                    WHERE a.id > ?1 AND (?2 IS NULL OR l.cohort_id = ?2) AND (?3 IS NULL OR a.created_at >= ?3)
                    ORDER BY a.id LIMIT ?4
                    """,
                arguments: [cursor, cohortID, since, limit]
            ).map(SQLiteAttemptStore.attempt(from:))
        }
    }
}
