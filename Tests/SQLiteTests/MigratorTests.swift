import Foundation
import SQLite
import Testing

@Suite struct MigratorTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    private let initial = [
        "0001_create_learner.sql": "CREATE TABLE learner (id INTEGER PRIMARY KEY, name TEXT NOT NULL);",
        "0002_create_attempt.sql": """
        CREATE TABLE attempt (
            id INTEGER PRIMARY KEY,
            learner INTEGER NOT NULL REFERENCES learner(id)
        );
        CREATE INDEX attempt_by_learner ON attempt (learner);
        """,
    ]

    private func tableNames(_ database: Database) throws -> [String] {
        try database.read { connection in
            try connection.query(sql: "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
                .map { try $0["name"] }
        }
    }

    @Test func freshDatabaseGetsEveryMigrationAndItsHistory() throws {
        let database = try directory.openDatabase()
        defer { database.close() }
        let report = try Migrator(directory: try directory.migrations(initial)).migrate(database)
        #expect(report.applied.map(\.name) == ["0001_create_learner.sql", "0002_create_attempt.sql"])
        #expect(report.alreadyApplied.isEmpty)
        #expect(try tableNames(database) == ["attempt", "learner", "schema_migrations"])

        let history = try database.read { connection in
            try connection.query(
                sql: "SELECT version, name, applied_at, checksum FROM schema_migrations ORDER BY version")
        }
        #expect(try history.map { try $0["version"] as Int } == [1, 2])
        let checksum: String = try history[0]["checksum"]
        #expect(checksum.count == 64 && checksum.allSatisfy(\.isHexDigit))
        #expect(try (history[0]["applied_at"] as String).hasPrefix("20"))
    }

    @Test func checksumIsTheSHA256OfTheFileBytes() throws {
        let folder = try directory.migrations(["0001_empty_table.sql": "abc"])
        let migrations = try Migrator(directory: folder).loadMigrations()
        // SHA-256("abc") from FIPS 180-2, appendix B.1.
        #expect(migrations.map(\.checksum) == ["ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"])
    }

    @Test func rerunIsANoOp() throws {
        let database = try directory.openDatabase()
        defer { database.close() }
        let migrator = Migrator(directory: try directory.migrations(initial))
        try migrator.migrate(database)
        let again = try migrator.migrate(database)
        #expect(again.applied.isEmpty)
        #expect(again.alreadyApplied.map(\.version) == [1, 2])
    }

    @Test func newFileIsAppliedOnTopOfTheHistory() throws {
        let database = try directory.openDatabase()
        defer { database.close() }
        try Migrator(directory: try directory.migrations(initial)).migrate(database)
        var next = initial
        next["0003_add_cohort.sql"] = "CREATE TABLE cohort (id INTEGER PRIMARY KEY);"
        let report = try Migrator(directory: try directory.migrations(next)).migrate(database)
        #expect(report.applied.map(\.version) == [3])
    }

    @Test func changedAppliedMigrationIsRefusedNamingTheFile() throws {
        let database = try directory.openDatabase()
        defer { database.close() }
        try Migrator(directory: try directory.migrations(initial)).migrate(database)
        var tampered = initial
        tampered["0001_create_learner.sql"]! += "\n-- edited"
        let error = #expect(throws: SQLiteError.self) {
            try Migrator(directory: try directory.migrations(tampered)).migrate(database)
        }
        #expect(error?.kind == .migration)
        #expect(error?.file == "0001_create_learner.sql")
        #expect(error?.description.contains("0001_create_learner.sql changed after it was applied") == true)
    }

    @Test func failingMigrationLeavesNoPartialTableAndNamesTheFile() throws {
        let database = try directory.openDatabase()
        defer { database.close() }
        var files = initial
        files["0003_broken.sql"] = """
            CREATE TABLE half_done (id INTEGER PRIMARY KEY);
            INSERT INTO half_done VALUES (1);
            INSERT INTO no_such_table VALUES (1);
            """
        let error = #expect(throws: SQLiteError.self) {
            try Migrator(directory: try directory.migrations(files)).migrate(database)
        }
        #expect(error?.kind == .migration)
        #expect(error?.file == "0003_broken.sql")
        #expect(error?.message.contains("no such table: no_such_table") == true)
        #expect(error?.sql == "INSERT INTO no_such_table VALUES (1);")
        #expect(try tableNames(database) == ["attempt", "learner", "schema_migrations"])
        let versions = try database.read { try $0.query(sql: "SELECT version FROM schema_migrations") }
        #expect(versions.count == 2)
    }

    @Test func migrationThatTriesToCommitIsRefusedAndRolledBack() throws {
        let database = try directory.openDatabase()
        defer { database.close() }
        let folder = try directory.migrations([
            "0001_sneaky.sql": "CREATE TABLE sneaky (id INTEGER); COMMIT; CREATE TABLE after (id INTEGER);"
        ])
        let error = #expect(throws: SQLiteError.self) { try Migrator(directory: folder).migrate(database) }
        #expect(error?.file == "0001_sneaky.sql")
        #expect(error?.message.contains("own transaction") == true)
        #expect(try tableNames(database) == ["schema_migrations"])
    }

    @Test(arguments: [
        "001_too_few_digits.sql",
        "0001-dash.sql",
        "0001_.sql",
        "0001_name.SQL",
        "0001_name.sql.orig",
        "create_learner.sql",
        "0001_spaces in name.sql",
        "README.md",
    ])
    func badlyNamedFileIsRejectedByName(_ name: String) throws {
        var files = initial
        files[name] = "SELECT 1;"
        let folder = try directory.migrations(files)
        let error = #expect(throws: SQLiteError.self) { try Migrator(directory: folder).loadMigrations() }
        #expect(error?.kind == .migration)
        #expect(error?.file == name)
    }

    @Test func duplicateVersionNumbersAreRejected() throws {
        var files = initial
        files["0002_another.sql"] = "SELECT 1;"
        let error = #expect(throws: SQLiteError.self) {
            try Migrator(directory: try directory.migrations(files)).loadMigrations()
        }
        #expect(error?.message.contains("share version 2") == true)
    }

    @Test func appliedMigrationMissingOnDiskIsReported() throws {
        let database = try directory.openDatabase()
        defer { database.close() }
        try Migrator(directory: try directory.migrations(initial)).migrate(database)
        let fewer = try directory.migrations(
            ["0001_create_learner.sql": initial["0001_create_learner.sql"]!], folder: "Fewer")
        let error = #expect(throws: SQLiteError.self) { try Migrator(directory: fewer).migrate(database) }
        #expect(error?.file == "0002_create_attempt.sql")
        #expect(error?.message.contains("missing") == true)
    }

    @Test func migrationNumberedBelowAnAppliedOneIsRefused() throws {
        let database = try directory.openDatabase()
        defer { database.close() }
        try Migrator(directory: try directory.migrations(["0002_create_attempt_late.sql": "CREATE TABLE t (x);"]))
            .migrate(database)
        let folder = try directory.migrations(
            ["0002_create_attempt_late.sql": "CREATE TABLE t (x);", "0001_early.sql": "CREATE TABLE e (x);"],
            folder: "Late")
        let error = #expect(throws: SQLiteError.self) { try Migrator(directory: folder).migrate(database) }
        #expect(error?.file == "0001_early.sql")
    }

    @Test func missingDirectoryIsAMigrationError() throws {
        let error = #expect(throws: SQLiteError.self) {
            try Migrator(directory: directory.url.appendingPathComponent("absent")).loadMigrations()
        }
        #expect(error?.kind == .migration)
    }
}
