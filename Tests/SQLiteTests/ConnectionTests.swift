import Foundation
import SQLite
import Testing

@Suite struct ConnectionTests {
    let directory: TemporaryDirectory
    let connection: Connection

    init() throws {
        directory = try TemporaryDirectory()
        connection = try Connection(path: directory.path("connection.sqlite"))
        try connection.execute(
            sql:
                "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE, body BLOB, score REAL, created_at INTEGER)"
        )
    }

    @Test(arguments: [
        "plain",
        "it's \"quoted\"; DROP TABLE note; --",
        "Capítulo 3 · Bölüm 第 3 章 チェックポイント 🧑‍💻",
        "",
        String(repeating: "long ", count: 10_000),
    ])
    func textRoundTripsThroughBoundParameters(_ title: String) throws {
        try connection.execute(sql: "INSERT INTO note (title) VALUES (?)", arguments: [title])
        let stored: String? = try connection.scalar(sql: "SELECT title FROM note WHERE id = ?", arguments: [1])
        #expect(stored == title)
        #expect(try connection.scalar(Int.self, sql: "SELECT count(*) FROM note") == 1)
    }

    @Test(arguments: [[UInt8](), [0], [0, 255, 0, 1, 2], [UInt8](repeating: 7, count: 100_000)])
    func blobsRoundTripIncludingEmptyAndZeroBytes(_ bytes: [UInt8]) throws {
        try connection.execute(sql: "INSERT INTO note (title, body) VALUES ('b', ?)", arguments: [Data(bytes)])
        let row = try #require(try connection.queryOne(sql: "SELECT body, typeof(body) AS kind FROM note"))
        #expect(try row["body"] as [UInt8] == bytes)
        #expect(try row["kind"] as String == "blob")
    }

    @Test func crudWithTypedRowAccess() throws {
        let created = Date(timeIntervalSince1970: 1_700_000_000.25)
        try connection.execute(
            sql: "INSERT INTO note (title, body, score) VALUES (?, ?, ?)", arguments: ["first", nil, 0.5])
        #expect(connection.lastInsertedRowID == 1)
        try connection.execute(
            sql: "INSERT INTO note (title, created_at) VALUES (?, ?)", arguments: ["second", created])

        try connection.execute(sql: "UPDATE note SET score = score + 1 WHERE title = ?", arguments: ["first"])
        #expect(connection.changes == 1)

        let rows = try connection.query(sql: "SELECT id, title, body, score, created_at FROM note ORDER BY id")
        #expect(rows.count == 2)
        #expect(try rows[0]["id"] as Int64 == 1)
        #expect(try rows[0]["TITLE"] as String == "first")
        #expect(try rows[0]["body"] as String? == nil)
        #expect(try rows[0][3] as Double == 1.5)
        #expect(try rows[1]["created_at"] as Date == created)
        #expect(try rows[1]["created_at"] as Int64 == 1_700_000_000_250)
        #expect(rows[1].value(named: "missing") == nil)

        try connection.execute(sql: "DELETE FROM note WHERE id = ?", arguments: [Int64(1)])
        #expect(try connection.query(sql: "SELECT id FROM note").map { try $0["id"] as Int } == [2])
    }

    @Test func readingAColumnAsTheWrongTypeThrowsADecodingError() throws {
        try connection.execute(sql: "INSERT INTO note (title) VALUES ('x')")
        let row = try #require(try connection.queryOne(sql: "SELECT id, title FROM note"))
        let wrongType = #expect(throws: SQLiteError.self) { try row["title"] as Int }
        #expect(wrongType?.kind == .decoding)
        let missing = #expect(throws: SQLiteError.self) { try row["nope"] as Int }
        #expect(missing?.kind == .decoding)
        let outOfRange = #expect(throws: SQLiteError.self) { try row[5] as Int }
        #expect(outOfRange?.kind == .decoding)
    }

    @Test func uniqueViolationCarriesPrimaryAndExtendedCodesAndTheSQLWithoutValues() throws {
        let sql = "INSERT INTO note (title) VALUES (?)"
        try connection.execute(sql: sql, arguments: ["secret-token-value"])
        let error = #expect(throws: SQLiteError.self) {
            try connection.execute(sql: sql, arguments: ["secret-token-value"])
        }
        #expect(error?.kind == .sqlite)
        #expect(error?.code == 19)  // SQLITE_CONSTRAINT
        #expect(error?.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(error?.isConstraintViolation == true)
        #expect(error?.isUniqueViolation == true)
        #expect(error?.isBusy == false)
        #expect(error?.sql == sql)
        #expect(error?.message.contains("UNIQUE constraint failed: note.title") == true)
        #expect(error?.description.contains("secret-token-value") == false)
    }

    @Test func notNullViolationIsAConstraintButNotAUniqueViolation() throws {
        let error = #expect(throws: SQLiteError.self) {
            try connection.execute(sql: "INSERT INTO note (title) VALUES (?)", arguments: [nil])
        }
        #expect(error?.isConstraintViolation == true)
        #expect(error?.isUniqueViolation == false)
        #expect(error?.extendedCode == 1299)  // SQLITE_CONSTRAINT_NOTNULL
    }

    @Test(arguments: [
        ("SELECT * FROM nowhere", SQLiteError.Kind.sqlite),
        ("SELEC 1", .sqlite),
        ("SELECT 1; SELECT 2", .misuse),
        ("  -- only a comment", .misuse),
    ])
    func badSQLIsReportedWithItsKind(sql: String, kind: SQLiteError.Kind) throws {
        let error = #expect(throws: SQLiteError.self) { try connection.execute(sql: sql) }
        #expect(error?.kind == kind)
        #expect(error?.sql == sql)
    }

    @Test func argumentCountMismatchIsRefused() throws {
        let error = #expect(throws: SQLiteError.self) {
            try connection.execute(sql: "INSERT INTO note (title, score) VALUES (?, ?)", arguments: ["only one"])
        }
        #expect(error?.kind == .misuse)
    }

    @Test func statementCacheReusesOneCompiledStatementPerSQL() throws {
        let baseline = connection.preparedStatementCount
        let hitsBefore = connection.statementCacheHits
        for index in 0..<50 {
            try connection.execute(sql: "INSERT INTO note (title) VALUES (?)", arguments: ["n\(index)"])
        }
        #expect(connection.preparedStatementCount == baseline + 1)
        #expect(connection.statementCacheHits - hitsBefore == 49)
    }

    @Test func nestedIterationOverTheSameSQLUsesASecondStatement() throws {
        for title in ["a", "b", "c"] {
            try connection.execute(sql: "INSERT INTO note (title) VALUES (?)", arguments: [title])
        }
        let sql = "SELECT title FROM note ORDER BY title"
        var pairs: [String] = []
        try connection.forEachRow(sql: sql) { outer in
            try connection.forEachRow(sql: sql) { inner in
                pairs.append(try outer["title"] + (try inner["title"] as String))
            }
        }
        #expect(pairs == ["aa", "ab", "ac", "ba", "bb", "bc", "ca", "cb", "cc"])
    }

    @Test func opensInWALWithForeignKeysAndConfiguredSynchronous() throws {
        let normal = try Connection(
            path: directory.path("normal.sqlite"), configuration: Connection.Configuration(synchronous: .normal))
        #expect(try normal.scalar(String.self, sql: "PRAGMA journal_mode") == "wal")
        #expect(try normal.scalar(Int.self, sql: "PRAGMA foreign_keys") == 1)
        #expect(try normal.scalar(Int.self, sql: "PRAGMA synchronous") == 1)
        #expect(try connection.scalar(Int.self, sql: "PRAGMA synchronous") == 2)
        #expect(try connection.scalar(Int.self, sql: "PRAGMA busy_timeout") == 5000)
    }

    @Test func closedConnectionThrowsClosed() throws {
        connection.close()
        #expect(connection.isClosed)
        let error = #expect(throws: SQLiteError.self) { try connection.execute(sql: "SELECT 1") }
        #expect(error?.kind == .closed)
    }

    @Test func scriptsRunEveryStatementInOrder() throws {
        try connection.executeScript(
            """
            -- two tables and a row
            CREATE TABLE a (x INTEGER);
            CREATE TABLE b (y INTEGER REFERENCES a(x));
            INSERT INTO a VALUES (1);
            """)
        #expect(try connection.scalar(Int.self, sql: "SELECT count(*) FROM a") == 1)
        let error = #expect(throws: SQLiteError.self) {
            try connection.executeScript("INSERT INTO a VALUES (2); INSERT INTO missing VALUES (3);")
        }
        #expect(error?.sql == "INSERT INTO missing VALUES (3);")
    }
}
