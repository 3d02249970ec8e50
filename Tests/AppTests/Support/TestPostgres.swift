import Foundation
import PostgreSQL

/// PostgreSQL for tests: the cluster named by `FOLIO_TEST_DATABASE_URL` (scripts/postgres.sh starts one),
/// with a fresh schema per test so tests run in parallel without seeing each other's rows.
enum TestPostgres {
    /// The test cluster's URL, `nil` when PostgreSQL tests are not asked for.
    static var url: String? {
        ProcessInfo.processInfo.environment["FOLIO_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the PostgreSQL cases run.
    static var isAvailable: Bool { url != nil }

    /// A new empty schema and the connection string whose sessions use it.
    static func makeSchema() throws -> (connectionString: ConnectionString, schema: String) {
        guard let url else { throw PostgreSQLError(kind: .configuration, message: "FOLIO_TEST_DATABASE_URL is unset") }
        let base = try ConnectionString(url)
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let connection = try Connection(base)
        defer { connection.close() }
        try connection.executeScript("CREATE SCHEMA \(schema)")
        return (try base.with(["options": "-c search_path=\(schema)"]), schema)
    }

    /// Drops a schema made by `makeSchema` with everything in it.
    static func dropSchema(_ schema: String) throws {
        guard let url else { return }
        let connection = try Connection(try ConnectionString(url))
        defer { connection.close() }
        try connection.executeScript("DROP SCHEMA \(schema) CASCADE")
    }
}
