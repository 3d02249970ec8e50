import Foundation

@testable import PostgreSQL

/// A fresh schema on the cluster named by `FOLIO_TEST_DATABASE_URL`, dropped afterwards; tests that need a
/// server are enabled only when it is set.
enum LiveDatabase {
    static var url: String? {
        ProcessInfo.processInfo.environment["FOLIO_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static var isAvailable: Bool { url != nil }

    /// Runs `body` with a connection string whose sessions use a new schema, dropped afterwards.
    static func withSchema(_ body: (ConnectionString) async throws -> Void) async throws {
        guard let url else { return }
        let base = try ConnectionString(url)
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try Connection(base)
        defer { admin.close() }
        try admin.executeScript("CREATE SCHEMA \(schema)")
        do {
            try await body(try base.with(["options": "-c search_path=\(schema)"]))
        } catch {
            try admin.executeScript("DROP SCHEMA \(schema) CASCADE")
            throw error
        }
        try admin.executeScript("DROP SCHEMA \(schema) CASCADE")
    }

    /// A directory of migration files for one test, removed by the caller.
    static func migrations(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pg-migrations-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, sql) in files {
            try Data(sql.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }
}
