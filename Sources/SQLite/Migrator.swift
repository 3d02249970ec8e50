import CSQLite
import Foundation

/// Applies the numbered `.sql` files of a directory, each once, in its own transaction with its
/// `schema_migrations` row, so a failed migration leaves no trace and a re-run is a no-op.
///
/// Every visible file of the directory must be a well-named migration (`0001_create_learners.sql`;
/// subdirectories hold other dialects' series, such as `postgresql/`, and are skipped):
/// a stray or misnamed file is refused rather than silently skipped. An applied migration whose file
/// changed, or disappeared, is refused: landed migrations are never edited.
public struct Migrator: Sendable {
    /// The folder holding the migration files.
    public let directory: URL

    /// A migrator over the files in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Applies pending migrations on the database's writer.
    ///
    /// - Throws: `SQLiteError` with kind `.migration` naming the file, or another kind from SQLite.
    @discardableResult
    public func migrate(_ database: Database) throws -> MigrationReport {
        let migrations = try loadMigrations()
        return try database.writeWithoutTransaction { connection in try apply(migrations, on: connection) }
    }

    /// Applies pending migrations on a connection outside any transaction.
    ///
    /// - Throws: `SQLiteError` with kind `.migration` naming the file, or another kind from SQLite.
    @discardableResult
    public func migrate(_ connection: Connection) throws -> MigrationReport {
        try apply(try loadMigrations(), on: connection)
    }

    /// Reads and validates the directory's migrations, in version order.
    ///
    /// - Throws: `SQLiteError` with kind `.migration` for an unreadable directory or file, a bad name,
    ///   or two files with one version.
    public func loadMigrations() throws -> [Migration] {
        let entries: [URL]
        do {
            entries = try FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        } catch {
            throw SQLiteError(
                kind: .migration, message: "cannot list migrations in \(directory.path): \(error.localizedDescription)")
        }
        var byVersion: [Int: Migration] = [:]
        for entry in entries {
            // Subdirectories hold other dialects' series (`postgresql/`), not SQLite migrations.
            guard let migration = try loadMigration(at: entry) else { continue }
            if let other = byVersion[migration.version] {
                let names = [other.name, migration.name].sorted()
                throw SQLiteError(
                    kind: .migration,
                    message: "\(names[0]) and \(names[1]) share version \(migration.version)",
                    file: names[1]
                )
            }
            byVersion[migration.version] = migration
        }
        return byVersion.values.sorted { $0.version < $1.version }
    }

    private func loadMigration(at url: URL) throws -> Migration? {
        let name = url.lastPathComponent
        let isDirectory: Bool
        do {
            isDirectory = try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory ?? false
        } catch {
            throw SQLiteError(
                kind: .migration, message: "cannot inspect \(name): \(error.localizedDescription)", file: name)
        }
        if isDirectory { return nil }
        guard let version = Migration.version(fromFileName: name) else {
            throw SQLiteError(
                kind: .migration,
                message: "\(name) is not a migration: expected a file named like 0001_description.sql "
                    + "(four or more digits, underscore, letters, digits or underscores)",
                file: name
            )
        }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: url)
        } catch {
            throw SQLiteError(
                kind: .migration, message: "cannot read \(name): \(error.localizedDescription)", file: name)
        }
        guard let sql = String(data: bytes, encoding: .utf8) else {
            throw SQLiteError(kind: .migration, message: "\(name) is not valid UTF-8", file: name)
        }
        return Migration(version: version, name: name, checksum: try SHA256.hexDigest(of: [UInt8](bytes)), sql: sql)
    }
}
