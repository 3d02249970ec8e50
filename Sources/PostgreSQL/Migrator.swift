import CCrypto
import Foundation

/// Applies the numbered PostgreSQL migrations (`0001_name.sql`…) in order, each in its own transaction,
/// recording them in `schema_migrations` with their SHA-256.
///
/// A session advisory lock (per schema) serialises nodes that start together: the second waits, then finds
/// the migrations applied. A database migrated by a newer binary (a version above every file here) is refused.
public struct Migrator: Sendable {
    /// One migration file.
    public struct Migration: Sendable, Equatable {
        public let version: Int
        public let name: String
        public let checksum: String
        let sql: String
    }

    /// What `migrate` did.
    public struct Report: Sendable, Equatable {
        public var applied: [Migration] = []
        public var alreadyApplied: [Migration] = []
    }

    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// Applies the pending migrations on `connection` and reports what ran.
    @discardableResult
    public func migrate(_ connection: Connection) throws(PostgreSQLError) -> Report {
        let migrations = try loadMigrations()
        try connection.executeScript(
            "SELECT pg_advisory_lock(hashtext('folio.schema_migrations.' || current_schema()))")
        defer {
            do {
                try connection.executeScript(
                    "SELECT pg_advisory_unlock(hashtext('folio.schema_migrations.' || current_schema()))")
            } catch {
                // A broken connection released its session lock with it.
            }
        }
        try connection.executeScript(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version BIGINT PRIMARY KEY,
                name TEXT NOT NULL,
                checksum TEXT NOT NULL,
                applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
            )
            """)
        var recorded: [Int: (name: String, checksum: String)] = [:]
        for row in try connection.query("SELECT version, name, checksum FROM schema_migrations") {
            recorded[try row["version"]] = (try row["name"], try row["checksum"])
        }
        let newestOnDisk = migrations.last?.version ?? 0
        if let newest = recorded.keys.max(), newest > newestOnDisk, let entry = recorded[newest] {
            throw PostgreSQLError(
                kind: .migration,
                message: "the database schema is at version \(newest) (\(entry.name)), newer than this binary's "
                    + "migrations (version \(newestOnDisk)); run a Folio at least as new as the one that migrated it")
        }
        let onDisk = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
        for (version, entry) in recorded.sorted(by: { $0.key < $1.key }) where onDisk[version] == nil {
            throw PostgreSQLError(
                kind: .migration,
                message: "\(entry.name) (version \(version)) is recorded as applied but missing from \(directory.path)")
        }
        var report = Report()
        for migration in migrations {
            if let entry = recorded[migration.version] {
                guard entry.checksum == migration.checksum else {
                    throw PostgreSQLError(
                        kind: .migration,
                        message: "\(migration.name) changed after it was applied (checksum \(entry.checksum) "
                            + "recorded, \(migration.checksum) on disk); add a new migration instead")
                }
                report.alreadyApplied.append(migration)
                continue
            }
            do {
                try connection.transaction { connection in
                    try connection.executeScript(migration.sql)
                    try connection.execute(
                        "INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)",
                        [migration.version, migration.name, migration.checksum])
                }
            } catch {
                throw PostgreSQLError(
                    kind: .migration, sqlState: (error as? PostgreSQLError)?.sqlState,
                    message: "\(migration.name) failed and was rolled back: \(error)")
            }
            report.applied.append(migration)
        }
        return report
    }

    /// The migration files in version order.
    public func loadMigrations() throws(PostgreSQLError) -> [Migration] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw PostgreSQLError(
                kind: .migration, message: "cannot list migrations in \(directory.path): \(error.localizedDescription)")
        }
        var byVersion: [Int: Migration] = [:]
        for name in names.sorted() where !name.hasPrefix(".") {
            guard let version = Self.version(fromFileName: name) else {
                throw PostgreSQLError(
                    kind: .migration,
                    message: "\(name) is not a migration: expected a file named like 0001_description.sql")
            }
            let bytes: Data
            do {
                bytes = try Data(contentsOf: directory.appendingPathComponent(name))
            } catch {
                throw PostgreSQLError(kind: .migration, message: "cannot read \(name): \(error.localizedDescription)")
            }
            guard let sql = String(data: bytes, encoding: .utf8) else {
                throw PostgreSQLError(kind: .migration, message: "\(name) is not valid UTF-8")
            }
            if let other = byVersion[version] {
                throw PostgreSQLError(
                    kind: .migration, message: "\(other.name) and \(name) share version \(version)")
            }
            byVersion[version] = Migration(
                version: version, name: name, checksum: Self.sha256Hex([UInt8](bytes)), sql: sql)
        }
        return byVersion.values.sorted { $0.version < $1.version }
    }

    /// The version of `0001_name.sql`: four or more digits, an underscore, letters, digits or underscores.
    static func version(fromFileName name: String) -> Int? {
        guard name.hasSuffix(".sql"), let underscore = name.firstIndex(of: "_") else { return nil }
        let digits = name[..<underscore]
        let description = name[name.index(after: underscore)..<name.index(name.endIndex, offsetBy: -4)]
        guard digits.count >= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }), !description.isEmpty,
            description.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else { return nil }
        return Int(digits)
    }

    private static func sha256Hex(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBytes { input in
            _ = SHA256(input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count, &digest)
        }
        return digest.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
