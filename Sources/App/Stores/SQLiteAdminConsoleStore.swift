import SQLite

/// An attempt with the name of the learner who made it, for the console's activity lists.
struct AttemptActivity: Sendable, Equatable {
    var attempt: Attempt
    var displayName: String
}

/// A learner with their cohort's name, for the console.
struct LearnerOverview: Sendable, Equatable {
    var learner: Learner
    var cohortName: String?
    var attemptCount: Int
}

/// The admin console's reads on SQLite: the SQL only the admin console needs: recent activity across learners, one learner's overview,
/// and the history of content loads.
struct SQLiteAdminConsoleStore: AdminConsoleStoring {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    /// The latest attempts of every learner, newest first; `before` pages back by attempt id.
    func recentAttempts(before: Int64?, limit: Int) async throws(StoreError) -> [AttemptActivity] {
        try await database.reading { connection in
            try connection.query(
                sql: """
                    SELECT a.*, l.display_name FROM attempts a JOIN learners l ON l.id = a.learner_id
                    WHERE (?1 IS NULL OR a.id < ?1) ORDER BY a.id DESC LIMIT ?2
                    """,
                arguments: [before, limit]
            ).map(Self.activity(from:))
        }
    }

    /// One learner's attempts, newest first; `before` pages back by attempt id.
    func attempts(learnerID: Int64, before: Int64?, limit: Int) async throws(StoreError) -> [Attempt] {
        try await database.reading { connection in
            try connection.query(
                sql: """
                    SELECT * FROM attempts WHERE learner_id = ?1 AND (?2 IS NULL OR id < ?2)
                    ORDER BY id DESC LIMIT ?3
                    """,
                arguments: [learnerID, before, limit]
            ).map(SQLiteAttemptStore.attempt(from:))
        }
    }

    /// The learner with their cohort's name, attempt count and progress records; `nil` for an unknown id.
    func learner(id: Int64) async throws(StoreError) -> (LearnerOverview, ProgressRecords)? {
        try await database.reading { connection in
            guard let overview = try Self.overviews(id: id, name: nil, limit: 1, connection).first else { return nil }
            return (overview, try SQLiteAttemptStore.progressRecords(id, connection))
        }
    }

    /// Learners whose display name contains `text` (case-insensitive; all when empty), newest first.
    func learners(matching text: String, limit: Int) async throws(StoreError) -> [LearnerOverview] {
        try await database.reading { connection in
            try Self.overviews(id: nil, name: text, limit: limit, connection)
        }
    }

    /// The content load recorded as `id`.
    func contentVersion(id: Int64) async throws(StoreError) -> ContentVersion? {
        try await database.reading { connection in
            try connection.queryOne(sql: "SELECT * FROM content_versions WHERE id = ?", arguments: [id])
                .map(SQLiteContentVersionStore.version(from:))
        }
    }

    /// The latest content loads (successful and rejected), newest first.
    func contentVersions(limit: Int) async throws(StoreError) -> [ContentVersion] {
        try await database.reading { connection in
            try connection.query(sql: "SELECT * FROM content_versions ORDER BY id DESC LIMIT ?", arguments: [limit])
                .map(SQLiteContentVersionStore.version(from:))
        }
    }

    /// Learners by id, or by a fragment of their name, or all of them.
    private static func overviews(id: Int64?, name: String?, limit: Int, _ connection: Connection) throws
        -> [LearnerOverview]
    {
        try connection.query(
            sql: """
                SELECT l.*, c.name AS cohort_name,
                (SELECT count(*) FROM attempts a WHERE a.learner_id = l.id) AS attempt_count
                FROM learners l LEFT JOIN cohorts c ON c.id = l.cohort_id
                WHERE (?1 IS NULL OR l.id = ?1) AND (?2 IS NULL OR instr(lower(l.display_name), lower(?2)) > 0)
                ORDER BY l.id DESC LIMIT ?3
                """,
            arguments: [id, name, limit]
        ).map { row in
            LearnerOverview(
                learner: try SQLiteLearnerStore.learner(from: row), cohortName: try row["cohort_name"],
                attemptCount: try row["attempt_count"])
        }
    }

    private static func activity(from row: Row) throws -> AttemptActivity {
        AttemptActivity(attempt: try SQLiteAttemptStore.attempt(from: row), displayName: try row["display_name"])
    }
}
