import PostgreSQL

/// The xAPI listing's attempts on PostgreSQL: the same semantics as `SQLiteStatementStore`.
struct PostgresStatementStore: StatementStoring {
    let pool: ConnectionPool

    func attempts(cohortID: Int64?, since: Int64?, after cursor: Int64, limit: Int) async throws(StoreError)
        -> [Attempt]
    {
        try await pool.reading { connection in
            try connection.query(
                """
                SELECT a.* FROM attempts a JOIN learners l ON l.id = a.learner_id
                WHERE a.id > $1 AND ($2::bigint IS NULL OR l.cohort_id = $2)
                AND ($3::bigint IS NULL OR a.created_at >= $3)
                ORDER BY a.id LIMIT $4
                """,
                [cursor, cohortID, since, limit]
            ).map(PostgresAttemptStore.attempt(from:))
        }
    }
}
