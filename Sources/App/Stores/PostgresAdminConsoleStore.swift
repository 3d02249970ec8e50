import PostgreSQL

/// The admin console's reads on PostgreSQL: the same semantics as `SQLiteAdminConsoleStore`.
struct PostgresAdminConsoleStore: AdminConsoleStoring {
    let pool: ConnectionPool

    func recentAttempts(before: Int64?, limit: Int) async throws(StoreError) -> [AttemptActivity] {
        try await pool.reading { connection in
            try connection.query(
                """
                SELECT a.*, l.display_name FROM attempts a JOIN learners l ON l.id = a.learner_id
                WHERE ($1 IS NULL OR a.id < $1) ORDER BY a.id DESC LIMIT $2
                """,
                [before, limit]
            ).map { row in
                AttemptActivity(
                    attempt: try PostgresAttemptStore.attempt(from: row), displayName: try row["display_name"])
            }
        }
    }

    func attempts(learnerID: Int64, before: Int64?, limit: Int) async throws(StoreError) -> [Attempt] {
        try await pool.reading { connection in
            try connection.query(
                """
                SELECT * FROM attempts WHERE learner_id = $1 AND ($2 IS NULL OR id < $2) ORDER BY id DESC LIMIT $3
                """,
                [learnerID, before, limit]
            ).map(PostgresAttemptStore.attempt(from:))
        }
    }

    func learner(id: Int64) async throws(StoreError) -> (LearnerOverview, ProgressRecords)? {
        try await pool.reading { connection in
            guard let overview = try Self.overviews(id: id, name: nil, limit: 1, connection).first else { return nil }
            return (overview, try PostgresAttemptStore.progressRecords(id, connection))
        }
    }

    func learners(matching text: String, limit: Int) async throws(StoreError) -> [LearnerOverview] {
        try await pool.reading { connection in try Self.overviews(id: nil, name: text, limit: limit, connection) }
    }

    func contentVersion(id: Int64) async throws(StoreError) -> ContentVersion? {
        try await pool.reading { connection in
            try connection.queryOne("SELECT * FROM content_versions WHERE id = $1", [id])
                .map(PostgresRows.contentVersion)
        }
    }

    func contentVersions(limit: Int) async throws(StoreError) -> [ContentVersion] {
        try await pool.reading { connection in
            try connection.query("SELECT * FROM content_versions ORDER BY id DESC LIMIT $1", [limit])
                .map(PostgresRows.contentVersion)
        }
    }

    private static func overviews(id: Int64?, name: String?, limit: Int, _ connection: Connection) throws
        -> [LearnerOverview]
    {
        try connection.query(
            """
            SELECT l.*, c.name AS cohort_name,
            (SELECT count(*) FROM attempts a WHERE a.learner_id = l.id) AS attempt_count
            FROM learners l LEFT JOIN cohorts c ON c.id = l.cohort_id
            WHERE ($1 IS NULL OR l.id = $1) AND ($2 IS NULL OR strpos(lower(l.display_name), lower($2)) > 0)
            ORDER BY l.id DESC LIMIT $3
            """,
            [id, name, limit]
        ).map { row in
            LearnerOverview(
                learner: try PostgresRows.learner(row), cohortName: try row["cohort_name"],
                attemptCount: try row["attempt_count"])
        }
    }
}
