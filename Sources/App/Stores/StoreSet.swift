import Foundation
import PostgreSQL
import SQLite

/// Every store over one engine: the one place that picks SQLite or PostgreSQL from the configuration.
///
/// `--database-url`/`FOLIO_DATABASE_URL` selects PostgreSQL (migrations from `Migrations/postgresql/`);
/// without it, SQLite at `--db` (migrations from `Migrations/`), exactly as before.
struct StoreSet: Sendable {
    /// The engine behind the stores, for what only one engine has (SQLite's file backup, its disk probe).
    enum Engine: Sendable {
        case sqlite(Database)
        case postgreSQL(ConnectionPool)
    }

    let engine: Engine
    let learners: any LearnerStoring
    let attempts: any AttemptStoring
    let contentVersions: any ContentVersionStoring
    let cohorts: any CohortStoring
    let tokens: any TokenStoring
    let scores: any ScoreStoring
    let items: any ItemStoring
    let webhooks: any WebhookStoring
    let outbox: any OutboxStoring
    let statements: any StatementStoring
    let adminSessions: any AdminSessionStoring
    let adminSettings: any AdminSettingStoring
    let adminConsole: any AdminConsoleStoring
    let health: any DatabaseHealth
    /// Shared throttles: limits that hold across every node.
    let throttles: any ThrottleStoring
    /// How this node tells the others about content versions (nobody to tell on SQLite).
    let announcements: any ContentAnnouncing

    /// The stores over an open SQLite database.
    static func sqlite(_ database: Database) -> StoreSet {
        StoreSet(
            engine: .sqlite(database), learners: SQLiteLearnerStore(database: database),
            attempts: SQLiteAttemptStore(database: database),
            contentVersions: SQLiteContentVersionStore(database: database),
            cohorts: SQLiteCohortStore(database: database), tokens: SQLiteTokenStore(database: database),
            scores: SQLiteScoreStore(database: database), items: SQLiteItemStore(database: database),
            webhooks: SQLiteWebhookStore(database: database), outbox: SQLiteOutboxStore(database: database),
            statements: SQLiteStatementStore(database: database),
            adminSessions: SQLiteAdminSessionStore(database: database),
            adminSettings: SQLiteAdminSettingStore(database: database),
            adminConsole: SQLiteAdminConsoleStore(database: database), health: SQLiteDatabaseHealth(database: database),
            throttles: SQLiteThrottleStore(database: database), announcements: SingleNodeAnnouncements())
    }

    /// The stores over a PostgreSQL connection pool.
    static func postgreSQL(_ pool: ConnectionPool, connectionString: ConnectionString) -> StoreSet {
        StoreSet(
            engine: .postgreSQL(pool), learners: PostgresLearnerStore(pool: pool),
            attempts: PostgresAttemptStore(pool: pool), contentVersions: PostgresContentVersionStore(pool: pool),
            cohorts: PostgresCohortStore(pool: pool), tokens: PostgresTokenStore(pool: pool),
            scores: PostgresScoreStore(pool: pool), items: PostgresItemStore(pool: pool),
            webhooks: PostgresWebhookStore(pool: pool), outbox: PostgresOutboxStore(pool: pool),
            statements: PostgresStatementStore(pool: pool),
            adminSessions: PostgresAdminSessionStore(pool: pool),
            adminSettings: PostgresAdminSettingStore(pool: pool), adminConsole: PostgresAdminConsoleStore(pool: pool),
            health: PostgresDatabaseHealth(pool: pool), throttles: PostgresThrottleStore(pool: pool),
            announcements: PostgresAnnouncements(pool: pool, connectionString: connectionString))
    }

    /// The SQLite database, `nil` on PostgreSQL.
    var sqliteDatabase: Database? {
        if case .sqlite(let database) = engine { return database }
        return nil
    }

    /// Opens the configured engine and applies its pending migrations; returns the stores and the names of the
    /// migrations applied now.
    ///
    /// - Throws: `StartupError` with one line: the database cannot be opened or reached (the password never
    ///   shown), a migration failed, or the schema is newer than this binary's migrations.
    static func open(_ configuration: Configuration) throws(StartupError) -> (StoreSet, applied: [String]) {
        guard let url = configuration.databaseURL else {
            let database = try openSQLite(configuration)
            do {
                let report = try SQLite.Migrator(directory: URL(fileURLWithPath: configuration.migrationsDirectory))
                    .migrate(database)
                // A wrong --migrations path would otherwise start a server without tables.
                guard !(report.applied.isEmpty && report.alreadyApplied.isEmpty) else {
                    throw StartupError("no migrations found")
                }
                return (.sqlite(database), report.applied.map(\.name))
            } catch {
                database.close()
                throw StartupError("migrations in \(configuration.migrationsDirectory): \(error)")
            }
        }
        let connectionString: ConnectionString
        do {
            connectionString = try ConnectionString(url)
        } catch {
            throw StartupError("the database URL is malformed: \(error)")
        }
        let pool: ConnectionPool
        do {
            pool = try ConnectionPool(
                .init(
                    connectionString: connectionString, size: configuration.databasePoolSize,
                    writers: configuration.databaseWriters))
        } catch {
            throw StartupError("cannot connect to \(connectionString): \(error)")
        }
        let directory = URL(fileURLWithPath: configuration.migrationsDirectory).appendingPathComponent("postgresql")
        do {
            let report = try pool.withConnectionBlocking { connection in
                try PostgreSQL.Migrator(directory: directory).migrate(connection)
            }
            guard !(report.applied.isEmpty && report.alreadyApplied.isEmpty) else {
                throw StartupError("no migrations found")
            }
            return (.postgreSQL(pool, connectionString: connectionString), report.applied.map(\.name))
        } catch {
            pool.close()
            throw StartupError("migrations in \(directory.path): \(error)")
        }
    }

    /// Opens the SQLite file with the durability settings every command uses.
    static func openSQLite(_ configuration: Configuration) throws(StartupError) -> Database {
        do {
            return try Database(path: configuration.databasePath, configuration: Database.Configuration())
        } catch {
            throw StartupError("cannot open database \(configuration.databasePath): \(error)")
        }
    }

    /// Commits queued writes and closes the database or the pool.
    func close() {
        switch engine {
        case .sqlite(let database): database.close()
        case .postgreSQL(let pool): pool.close()
        }
    }
}
