import Foundation
import Testing

@testable import PostgreSQL

/// Connections, the pool and transactions against a live server (skipped without `FOLIO_TEST_DATABASE_URL`).
@Suite(.enabled(if: LiveDatabase.isAvailable, "FOLIO_TEST_DATABASE_URL names a test cluster"))
struct ConnectionTests {
    @Test func boundValuesRoundTripWithTheirTypes() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let connection = try Connection(connectionString)
            defer { connection.close() }
            let text = "it's \"quoted\"; DROP TABLE x; -- ünïcödé 漢字"
            let bytes: [UInt8] = [0, 39, 92, 255]
            let row = try #require(
                try connection.queryOne(
                    "SELECT $1::bigint AS n, $2::text AS t, $3::float8 AS d, $4::bool AS b, $5::bytea AS y, $6::text AS z",
                    [Int64.max, text, 0.25, true, bytes, String?.none]))
            #expect(try row["n"] == Int64.max)
            #expect(try row["t"] == text)
            #expect(try row["d"] == 0.25)
            #expect(try row["b"] == true)
            #expect(try row["y"] == bytes)
            #expect(try row["z"] == String?.none)
            #expect(throws: PostgreSQLError.self) { let _: Int64 = try row["t"] }
            #expect(throws: PostgreSQLError.self) { let _: Int64 = try row["missing"] }
        }
    }

    @Test func serverErrorsCarryTheirSQLState() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let connection = try Connection(connectionString)
            defer { connection.close() }
            try connection.executeScript("CREATE TABLE t (id BIGINT PRIMARY KEY)")
            try connection.execute("INSERT INTO t (id) VALUES ($1)", [Int64(1)])
            do {
                try connection.execute("INSERT INTO t (id) VALUES ($1)", [Int64(1)])
                Issue.record("a duplicate key was accepted")
            } catch let error as PostgreSQLError {
                #expect(error.kind == .server)
                #expect(error.sqlState == "23505")
            }
            do {
                try connection.query("SELECT * FROM no_such_table")
                Issue.record("a missing table was accepted")
            } catch let error as PostgreSQLError {
                #expect(error.sqlState == "42P01")
            }
        }
    }

    @Test func aStatementPreparedBeforeASchemaChangeIsPreparedAfresh() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let connection = try Connection(connectionString)
            defer { connection.close() }
            let other = try Connection(connectionString)
            defer { other.close() }
            try connection.executeScript("CREATE TABLE t (id BIGINT)")
            try connection.execute("INSERT INTO t (id) VALUES ($1)", [1])
            #expect(try connection.query("SELECT * FROM t WHERE id = $1", [1]).count == 1)
            try other.executeScript("ALTER TABLE t ADD COLUMN name TEXT NOT NULL DEFAULT 'x'")
            do {
                _ = try connection.query("SELECT * FROM t WHERE id = $1", [1])
            } catch let error as PostgreSQLError {
                #expect(error.sqlState == "0A000", "the cached plan's row type changed")
            }
            let row = try #require(try connection.queryOne("SELECT * FROM t WHERE id = $1", [1]))
            #expect(try row["name"] == "x", "the statement was prepared again with the new column")
        }
    }

    @Test func aTransactionCommitsOrRollsBackAsAWhole() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let connection = try Connection(connectionString)
            defer { connection.close() }
            try connection.executeScript("CREATE TABLE t (id BIGINT PRIMARY KEY)")
            try connection.transaction { try $0.execute("INSERT INTO t (id) VALUES ($1)", [1]) }
            #expect(throws: PostgreSQLError.self) {
                try connection.transaction { connection in
                    try connection.execute("INSERT INTO t (id) VALUES ($1)", [2])
                    try connection.execute("INSERT INTO t (id) VALUES ($1)", [1])
                }
            }
            #expect(!connection.isInTransaction)
            let count = try connection.queryOne("SELECT count(*) FROM t")?.first(as: Int64.self)
            #expect(count == 1, "the failed transaction left nothing behind")
            let setting = try connection.queryOne("SHOW synchronous_commit")?.first(as: String.self)
            #expect(setting == "on")
        }
    }

    @Test func thePoolServesConcurrentTasksAndSurvivesKilledConnections() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let name = "folio-test-\(UUID().uuidString.prefix(8))"
            let pool = try ConnectionPool(
                .init(connectionString: try connectionString.with(["application_name": name]), size: 3))
            defer { pool.close() }
            _ = try await pool.withConnection { try $0.executeScript("CREATE TABLE t (id BIGSERIAL PRIMARY KEY)") }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<60 {
                    group.addTask {
                        _ = try await pool.transaction { try $0.execute("INSERT INTO t DEFAULT VALUES") }
                    }
                }
                try await group.waitForAll()
            }
            // What a PostgreSQL restart does to every open connection: the server ends them.
            let admin = try Connection(connectionString)
            defer { admin.close() }
            let killed = try admin.query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", [name])
            #expect(killed.count == 3)
            var counts: [Int64] = []
            for _ in 0..<6 {
                counts.append(
                    try await pool.withConnection { try $0.queryOne("SELECT count(*) FROM t")?.first(as: Int64.self) }
                        ?? -1)
            }
            #expect(counts.allSatisfy { $0 == 60 }, "every connection was reset and answered: \(counts)")
            let blocking = try pool.withConnectionBlocking { try $0.queryOne("SELECT 7")?.first(as: Int64.self) }
            #expect(blocking == 7)
        }
    }

    @Test func anUnreachableServerIsAConnectionError() throws {
        do {
            _ = try Connection(try ConnectionString("postgres://folio:s3cret@127.0.0.1:1/folio?connect_timeout=2"))
            Issue.record("connected to port 1")
        } catch {
            #expect(error.kind == .connection)
            #expect(error.isUnavailable)
            #expect(!error.description.contains("s3cret"))
            #expect(!error.description.contains("\n"), "one line")
        }
    }
}
