import Foundation
import Testing

@testable import PostgreSQL

/// The PostgreSQL migrator against a live server (skipped without `FOLIO_TEST_DATABASE_URL`).
@Suite(.enabled(if: LiveDatabase.isAvailable, "FOLIO_TEST_DATABASE_URL names a test cluster"))
struct MigratorTests {
    @Test func migrationsApplyOnceAndTwoNodesStartingTogetherDoNotRace() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let directory = try LiveDatabase.migrations([
                "0001_first.sql": "CREATE TABLE a (id BIGINT PRIMARY KEY);",
                "0002_second.sql": "CREATE TABLE b (id BIGINT PRIMARY KEY); INSERT INTO a (id) VALUES (1);",
            ])
            defer { try? FileManager.default.removeItem(at: directory) }
            let reports = try await withThrowingTaskGroup(of: Migrator.Report.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await Task.detached {
                            let connection = try Connection(connectionString)
                            defer { connection.close() }
                            return try Migrator(directory: directory).migrate(connection)
                        }.value
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(reports.map(\.applied.count).sorted() == [0, 0, 0, 2], "one node applied, the others waited")
            let connection = try Connection(connectionString)
            defer { connection.close() }
            #expect(try connection.queryOne("SELECT count(*) FROM a")?.first(as: Int64.self) == 1)
        }
    }

    @Test func aSchemaNewerThanTheBinaryIsRefusedNamingBothVersions() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let newer = try LiveDatabase.migrations([
                "0001_first.sql": "CREATE TABLE a (id BIGINT);", "0002_second.sql": "CREATE TABLE b (id BIGINT);",
            ])
            let older = try LiveDatabase.migrations(["0001_first.sql": "CREATE TABLE a (id BIGINT);"])
            defer {
                try? FileManager.default.removeItem(at: newer)
                try? FileManager.default.removeItem(at: older)
            }
            let connection = try Connection(connectionString)
            defer { connection.close() }
            try Migrator(directory: newer).migrate(connection)
            do {
                try Migrator(directory: older).migrate(connection)
                Issue.record("an older binary migrated a newer schema")
            } catch let error as PostgreSQLError {
                #expect(error.kind == .migration)
                #expect(error.message.contains("version 2"))
                #expect(error.message.contains("version 1"))
            }
        }
    }

    @Test func aFailedMigrationIsRolledBackAndAChangedOneRefused() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let broken = try LiveDatabase.migrations([
                "0001_first.sql": "CREATE TABLE a (id BIGINT); SELECT * FROM nowhere;"
            ])
            let fixed = try LiveDatabase.migrations(["0001_first.sql": "CREATE TABLE a (id BIGINT);"])
            let edited = try LiveDatabase.migrations(["0001_first.sql": "CREATE TABLE a (id BIGINT, x TEXT);"])
            defer {
                for directory in [broken, fixed, edited] { try? FileManager.default.removeItem(at: directory) }
            }
            let connection = try Connection(connectionString)
            defer { connection.close() }
            #expect(throws: PostgreSQLError.self) { try Migrator(directory: broken).migrate(connection) }
            #expect(try Migrator(directory: fixed).migrate(connection).applied.count == 1, "nothing was left behind")
            do {
                try Migrator(directory: edited).migrate(connection)
                Issue.record("an edited migration was accepted")
            } catch let error as PostgreSQLError {
                #expect(error.message.contains("changed after it was applied"))
            }
        }
    }
}
