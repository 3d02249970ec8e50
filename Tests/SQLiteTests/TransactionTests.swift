import SQLite
import Testing

@Suite struct TransactionTests {
    struct Abort: Error {}

    let directory: TemporaryDirectory
    let connection: Connection

    init() throws {
        directory = try TemporaryDirectory()
        connection = try Connection(path: directory.path("transactions.sqlite"))
        try connection.execute(sql: "CREATE TABLE item (name TEXT PRIMARY KEY)")
    }

    private func names() throws -> [String] {
        try connection.query(sql: "SELECT name FROM item ORDER BY name").map { try $0["name"] }
    }

    @Test func commitKeepsTheChangesAndReturnsTheResult() throws {
        let count = try connection.transaction { connection in
            try connection.execute(sql: "INSERT INTO item VALUES ('a'), ('b')")
            return connection.changes
        }
        #expect(count == 2)
        #expect(try names() == ["a", "b"])
        #expect(!connection.isInTransaction)
    }

    @Test func thrownErrorRollsEverythingBack() throws {
        #expect(throws: Abort.self) {
            try connection.transaction { connection in
                try connection.execute(sql: "INSERT INTO item VALUES ('a')")
                throw Abort()
            }
        }
        #expect(try names() == [])
        #expect(!connection.isInTransaction)
    }

    @Test func failedStatementRollsBackEarlierStatements() throws {
        try connection.execute(sql: "INSERT INTO item VALUES ('taken')")
        let error = #expect(throws: SQLiteError.self) {
            try connection.transaction { connection in
                try connection.execute(sql: "INSERT INTO item VALUES ('new')")
                try connection.execute(sql: "INSERT INTO item VALUES ('taken')")
            }
        }
        #expect(error?.isUniqueViolation == true)
        #expect(try names() == ["taken"])
    }

    @Test func failingCommitIsRolledBack() throws {
        try connection.executeScript(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
            """)
        let error = #expect(throws: SQLiteError.self) {
            try connection.transaction { connection in
                try connection.execute(sql: "INSERT INTO child VALUES (42)")
            }
        }
        #expect(error?.sql == "COMMIT")
        #expect(error?.isConstraintViolation == true)
        #expect(!connection.isInTransaction)
        #expect(try connection.scalar(Int.self, sql: "SELECT count(*) FROM child") == 0)
    }

    @Test func failedSavepointUndoesOnlyItsOwnChanges() throws {
        try connection.transaction { connection in
            try connection.execute(sql: "INSERT INTO item VALUES ('outer')")
            #expect(throws: Abort.self) {
                try connection.savepoint { connection in
                    try connection.execute(sql: "INSERT INTO item VALUES ('inner')")
                    try connection.savepoint { connection in
                        try connection.execute(sql: "INSERT INTO item VALUES ('innermost')")
                    }
                    throw Abort()
                }
            }
            try connection.savepoint { connection in
                try connection.execute(sql: "INSERT INTO item VALUES ('kept')")
            }
        }
        #expect(try names() == ["kept", "outer"])
    }

    @Test func nestedTransactionIsRefusedWithoutLosingTheOuterOne() throws {
        let error = #expect(throws: SQLiteError.self) {
            try connection.transaction { connection in
                try connection.execute(sql: "INSERT INTO item VALUES ('a')")
                try connection.transaction { _ in }
            }
        }
        #expect(error?.kind == .misuse)
        #expect(try names() == [])
    }
}
