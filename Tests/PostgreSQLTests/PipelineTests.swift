import Foundation
import Testing

@testable import PostgreSQL

/// Statements sent ahead of the next one in one round trip (libpq's pipeline mode), against a live server
/// (skipped without `FOLIO_TEST_DATABASE_URL`).
@Suite(.enabled(if: LiveDatabase.isAvailable, "FOLIO_TEST_DATABASE_URL names a test cluster"))
struct PipelineTests {
    @Test func statementsSentAheadRunBeforeThePreparedOne() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let connection = try Connection(connectionString)
            defer { connection.close() }
            try connection.executeScript("CREATE TABLE t (id BIGINT PRIMARY KEY)")
            try connection.execute("INSERT INTO t (id) VALUES ($1)", [Int64(1)])  // prepared from now on
            try connection.executeScript("BEGIN")
            connection.sendAhead(["SAVEPOINT a"])
            try connection.execute("INSERT INTO t (id) VALUES ($1)", [Int64(2)])
            try connection.executeScript("ROLLBACK TO SAVEPOINT a")  // fails unless the savepoint came first
            connection.sendAhead(["SAVEPOINT b", "DELETE FROM t"])
            let left: Int64? = try connection.queryOne("SELECT count(*) AS n FROM t")?["n"]
            #expect(left == 0, "the statements ahead ran first, in order")
            try connection.executeScript("ROLLBACK TO SAVEPOINT b")
            try connection.executeScript("COMMIT")
            #expect(try connection.query("SELECT id FROM t").map { try $0["id"] as Int64 } == [1])
        }
    }

    @Test func aFailureAheadIsTheStatementsFailureAndTheConnectionStaysUsable() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let connection = try Connection(connectionString)
            defer { connection.close() }
            try connection.executeScript("CREATE TABLE t (id BIGINT PRIMARY KEY)")
            try connection.execute("INSERT INTO t (id) VALUES ($1)", [Int64(1)])
            connection.sendAhead(["DELETE FROM nowhere"])
            let error = #expect(throws: PostgreSQLError.self) {
                try connection.execute("INSERT INTO t (id) VALUES ($1)", [Int64(2)])
            }
            #expect(error?.sqlState == "42P01")
            #expect(try connection.query("SELECT id FROM t").map { try $0["id"] as Int64 } == [1], "did not run")
            #expect(connection.isOpen)
        }
    }

    @Test func statementsAheadGoFirstWhenTheNextIsNotPreparedYetOrAScript() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let connection = try Connection(connectionString)
            defer { connection.close() }
            connection.sendAhead(["CREATE TABLE t (id BIGINT PRIMARY KEY)"])
            try connection.execute("INSERT INTO t (id) VALUES ($1)", [Int64(1)])
            connection.sendAhead(["INSERT INTO t (id) VALUES (2)"])
            try connection.executeScript("INSERT INTO t (id) VALUES (3)")
            #expect(try connection.query("SELECT id FROM t ORDER BY id").map { try $0["id"] as Int64 } == [1, 2, 3])
        }
    }

    @Test func aWriteSentAheadRunsInOrderWithTheNextStatementOrBeforeAScript() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let connection = try Connection(connectionString)
            defer { connection.close() }
            try connection.executeScript("CREATE TABLE t (id BIGINT PRIMARY KEY, note TEXT)")
            try connection.executeScript("BEGIN")
            try connection.sendAhead("INSERT INTO t (id, note) VALUES ($1, $2)", [Int64(1), "first"])
            let seen: Int64? = try connection.queryOne("SELECT count(*) AS n FROM t WHERE id = $1", [Int64(1)])?["n"]
            #expect(seen == 1, "the write ahead ran before the read it travelled with")
            try connection.sendAhead("INSERT INTO t (id, note) VALUES ($1, $2)", [Int64(2), nil as String?])
            try connection.executeScript("COMMIT")
            #expect(try connection.query("SELECT id FROM t ORDER BY id").map { try $0["id"] as Int64 } == [1, 2])
        }
    }

    @Test func aFailedWriteSentAheadRollsTheWholeTransactionBack() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let connection = try Connection(connectionString)
            defer { connection.close() }
            try connection.executeScript("CREATE TABLE t (id BIGINT PRIMARY KEY)")
            try connection.executeScript("BEGIN; SAVEPOINT job")
            try connection.execute("INSERT INTO t (id) VALUES ($1)", [Int64(1)])
            try connection.sendAhead("INSERT INTO t (id) VALUES ($1)", [Int64(1)])  // an earlier job's write fails
            connection.sendAhead(["RELEASE SAVEPOINT job", "SAVEPOINT job"])
            let error = #expect(throws: PostgreSQLError.self) {
                try connection.execute("INSERT INTO t (id) VALUES ($1)", [Int64(2)])
            }
            #expect(error?.sqlState == "23505")
            #expect(!connection.isInTransaction, "no savepoint can keep the first write: nothing is kept")
            #expect(try connection.query("SELECT id FROM t").isEmpty)
            #expect(connection.isOpen)
        }
    }
    @Test func aCommitAfterWritesSentAheadTravelsWithThemInOneRoundTrip() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let connection = try Connection(connectionString)
            defer { connection.close() }
            try connection.executeScript("CREATE TABLE t (id BIGINT PRIMARY KEY)")
            try connection.execute("INSERT INTO t (id) VALUES ($1)", [Int64(1)])  // prepared from now on
            try connection.executeScript("BEGIN")
            try connection.sendAhead("INSERT INTO t (id) VALUES ($1)", [Int64(2)])
            try connection.sendAhead("INSERT INTO t (id) VALUES ($1)", [Int64(3)])
            let before = connection.roundTrips
            #expect(try connection.executeScript("COMMIT") == "COMMIT")
            #expect(connection.roundTrips == before + 1, "the writes and the COMMIT went in one pipeline")
            #expect(!connection.isInTransaction)
            #expect(try connection.query("SELECT id FROM t ORDER BY id").map { try $0["id"] as Int64 } == [1, 2, 3])
        }
    }

    @Test func aCommitAfterAFailedWriteSentAheadFailsAndKeepsNothing() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let connection = try Connection(connectionString)
            defer { connection.close() }
            try connection.executeScript("CREATE TABLE t (id BIGINT PRIMARY KEY)")
            try connection.executeScript("BEGIN")
            try connection.execute("INSERT INTO t (id) VALUES ($1)", [Int64(1)])
            try connection.sendAhead("INSERT INTO t (id) VALUES ($1)", [Int64(1)])
            let error = #expect(throws: PostgreSQLError.self) { try connection.executeScript("COMMIT") }
            #expect(error?.sqlState == "23505")
            #expect(!connection.isInTransaction)
            #expect(try connection.query("SELECT id FROM t").isEmpty)
            #expect(connection.isOpen)
        }
    }
}
