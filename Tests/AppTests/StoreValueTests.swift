import CSQLite
import Foundation
import SQLite
import Testing
import Views

@testable import App

/// The typed values at the store boundary: section names parsed once, engine failures mapped to `StoreError`.
struct StoreValueTests {
    @Test(arguments: [
        ("ch0", CourseSection.chapter(0)), ("ch11", .chapter(11)), ("practice", .practice), ("appendix", .appendix),
    ])
    func sectionNamesRoundTrip(name: String, section: CourseSection) {
        #expect(CourseSection(name: name) == section)
        #expect(section.name == name)
    }

    @Test(arguments: ["", "ch", "ch-1", "ch+1", "ch1234", "chx", "Ch1", "practise", " ch1", "ch1 ", "ch١"])
    func malformedSectionNamesAreRefused(name: String) {
        #expect(CourseSection(name: name) == nil)
    }

    @Test func engineFailuresMapToStoreErrorKinds() {
        let full = SQLiteError(kind: .sqlite, extendedCode: SQLITE_FULL, message: "disk full")
        let busy = SQLiteError(kind: .sqlite, extendedCode: SQLITE_BUSY, message: "locked")
        let queue = SQLiteError(kind: .overloaded, message: "queue full")
        let constraint = SQLiteError(kind: .sqlite, extendedCode: SQLITE_CONSTRAINT, message: "constraint")
        #expect(StoreError(full).kind == .storageFull)
        #expect(StoreError(busy).kind == .busy)
        #expect(StoreError(queue).kind == .overloaded)
        #expect(StoreError(constraint).kind == .failed)
        #expect(StoreError(StoreError(kind: .busy, message: "x")).kind == .busy, "a store error passes through")
    }

    @Test func unknownStoredSectionsAreDecodingErrors() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-values-\(UUID().uuidString).sqlite")
        let database = try Database(path: path.path)
        defer {
            database.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path.path + suffix) }
        }
        try database.write { connection in
            try connection.execute(sql: "CREATE TABLE t (section TEXT)")
            try connection.execute(sql: "INSERT INTO t VALUES ('chapter3')")
        }
        let row = try #require(try database.read { try $0.query(sql: "SELECT * FROM t").first })
        #expect(throws: SQLiteError.self) { try SQLiteAttemptStore.section(row) }
    }
}
