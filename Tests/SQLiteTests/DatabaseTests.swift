import Foundation
import Locking
import SQLite
import Testing

@Suite struct DatabaseTests {
    let directory: TemporaryDirectory
    let database: Database

    init() throws {
        directory = try TemporaryDirectory()
        database = try directory.openDatabase(Database.Configuration(readerCount: 2))
        try database.write { try $0.execute(sql: "CREATE TABLE event (id INTEGER PRIMARY KEY, name TEXT)") }
    }

    private static func count(_ connection: Connection) throws -> Int {
        try connection.scalar(sql: "SELECT count(*) FROM event") ?? -1
    }

    @Test func readersSeeTheLastCommitWhileAWriterHoldsItsTransaction() throws {
        try database.write { try $0.execute(sql: "INSERT INTO event (name) VALUES ('committed')") }
        let inside = Gate()
        let release = Gate()
        let finished = Gate()
        let database = database
        Thread {
            do {
                try database.write { connection in
                    try connection.execute(sql: "INSERT INTO event (name) VALUES ('pending')")
                    inside.open()
                    _ = release.wait()
                }
            } catch {
                Issue.record(error)
            }
            finished.open()
        }.start()
        #expect(inside.wait())

        // Both readers at once, from other threads, while the write transaction is open.
        let counts = Counts()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                counts.append(try database.read(Self.count))
            } catch {
                Issue.record(error)
            }
        }
        #expect(counts.values == [1, 1, 1, 1])

        release.open()
        #expect(finished.wait())
        #expect(try database.read(Self.count) == 2)
    }

    @Test func asyncReadsBeyondThePoolSizeWaitTheirTurn() async throws {
        try database.write { try $0.execute(sql: "INSERT INTO event (name) VALUES ('x')") }
        let database = database
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask { try await database.read { try $0.scalar(sql: "SELECT count(*) FROM event") ?? 0 } }
            }
            return try await group.reduce(0, +)
        }
        #expect(total == 20)
    }

    @Test func readersCannotWrite() throws {
        let error = #expect(throws: SQLiteError.self) {
            try database.read { try $0.execute(sql: "INSERT INTO event (name) VALUES ('no')") }
        }
        #expect(error?.code == 8)  // SQLITE_READONLY
    }

    @Test func writeRollsBackWhenTheBodyThrows() throws {
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try database.write { connection in
                try connection.execute(sql: "INSERT INTO event (name) VALUES ('gone')")
                throw Refused()
            }
        }
        #expect(try database.read(Self.count) == 0)
    }

    @Test func healthCheckPassesUntilClosed() throws {
        try database.check()
        database.close()
        let error = #expect(throws: SQLiteError.self) { try database.check() }
        #expect(error?.kind == .closed)
        let writeError = #expect(throws: SQLiteError.self) { try database.write { _ in } }
        #expect(writeError?.kind == .closed)
    }

    @Test func closeIsIdempotent() {
        database.close()
        database.close()
    }
}

/// Values appended from several threads.
final class Counts: Sendable {
    private let storage = Locked<[Int]>([])

    func append(_ value: Int) {
        storage.withLock { $0.append(value) }
    }

    var values: [Int] { storage.withLock { $0 } }
}
