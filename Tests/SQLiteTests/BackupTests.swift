import Foundation
import Locking
import SQLite
import Testing

@Suite struct BackupTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func backupUnderConcurrentWritesIsCompleteAndPassesIntegrityCheck() async throws {
        let database = try directory.openDatabase()
        defer { database.close() }
        let payload = [UInt8](repeating: 0xAB, count: 1024)
        try database.write { connection in
            try connection.execute(sql: "CREATE TABLE page (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")
            for _ in 0..<2000 {
                try connection.execute(sql: "INSERT INTO page (body) VALUES (?)", arguments: [payload])
            }
        }

        let stop = Locked(false)
        let writers = Task {
            var written = 0
            while !stop.withLock({ $0 }) {
                try await database.submit { connection in
                    try connection.execute(sql: "INSERT INTO page (body) VALUES (?)", arguments: [payload])
                }
                written += 1
            }
            return written
        }
        let destination = directory.path("backup.sqlite")
        try await Task.detached { try database.backup(to: destination, pagesPerStep: 16) }.value
        stop.withLock { $0 = true }
        _ = try await writers.value

        #expect(!FileManager.default.fileExists(atPath: destination + ".partial"))
        let copy = try Connection(path: destination, configuration: Connection.Configuration(isReadOnly: true))
        #expect(try copy.scalar(String.self, sql: "PRAGMA integrity_check") == "ok")
        let copied = try #require(try copy.scalar(Int.self, sql: "SELECT count(*) FROM page"))
        let live = try await database.read { try $0.scalar(Int.self, sql: "SELECT count(*) FROM page") } ?? 0
        #expect(copied >= 2000 && copied <= live)
    }

    @Test func existingDestinationIsNotOverwritten() throws {
        let database = try directory.openDatabase()
        defer { database.close() }
        let destination = directory.path("exists.sqlite")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: destination))
        let error = #expect(throws: SQLiteError.self) { try database.backup(to: destination) }
        #expect(error?.kind == .misuse)
        #expect(try String(contentsOfFile: destination, encoding: .utf8) == "keep me")
    }
}
