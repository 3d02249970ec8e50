import Foundation
import Locking
import SQLite

/// Online backups of the live database into one configured directory, under generated names.
///
/// `POST /admin/backup` never takes a path from the client: the directory is configuration
/// (`--backup-dir`, default the database's own directory) and the file name is a UTC timestamp, so a
/// request can neither overwrite a file nor write outside that directory. Backups run one at a time.
final class BackupService: Sendable {
    /// One finished backup.
    struct Backup: Sendable, Encodable, Equatable {
        var path: String
        var file: String
        var bytes: Int64
        var createdAt: String

        enum CodingKeys: String, CodingKey {
            case path, file, bytes
            case createdAt = "created_at"
        }
    }

    /// The SQLite database; `nil` on PostgreSQL, which is backed up with `pg_dump`.
    let database: Database?
    /// Where backups are written (absolute).
    let directory: String
    /// What to do instead on PostgreSQL: its own tools make consistent online copies.
    static let postgreSQLAdvice =
        "backups copy SQLite databases; on PostgreSQL use pg_dump, e.g. "
        + "pg_dump --format=custom --file=folio.dump \"$FOLIO_DATABASE_URL\" (see the README's PostgreSQL section)"
    private let running = Locked<Void>(())

    init(database: Database?, directory: String) {
        self.database = database
        self.directory = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL.path
    }

    /// Writes a consistent copy with SQLite's online backup API while the server keeps reading and writing;
    /// blocks the calling thread for the duration.
    /// - Throws: `SQLiteError`, or a Foundation error when the directory cannot be created or read.
    func backup(now: Int64 = WallClock.nowMilliseconds()) throws -> Backup {
        guard let database else { throw StartupError(Self.postgreSQLAdvice) }
        return try running.withLock { _ in
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            var file = Self.fileName(at: now)
            var suffix = 2
            while FileManager.default.fileExists(atPath: path(of: file))
                || FileManager.default.fileExists(atPath: path(of: file) + ".partial")
            {
                file = Self.fileName(at: now, suffix: suffix)
                suffix += 1
            }
            try database.backup(to: path(of: file))
            // Learners' answers and token digests: readable by the server's user only, whatever the umask.
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path(of: file))
            return try describe(file)
        }
    }

    /// Runs `backup` on its own thread, keeping the concurrency pool free while pages are copied.
    func backupInBackground() async throws -> Backup {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try self.backup() })
            }
            thread.name = "database-backup"
            thread.start()
        }
    }

    /// A backup made here, by file name; `nil` for any name this service would not have generated.
    func existing(file: String) -> Backup? {
        guard Self.isGeneratedName(file), FileManager.default.fileExists(atPath: path(of: file)) else { return nil }
        do {
            return try describe(file)
        } catch {
            return nil
        }
    }

    private func describe(_ file: String) throws -> Backup {
        let attributes = try FileManager.default.attributesOfItem(atPath: path(of: file))
        let bytes = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (attributes[.modificationDate] as? Date).map { Int64($0.timeIntervalSince1970 * 1000) } ?? 0
        return Backup(path: path(of: file), file: file, bytes: bytes, createdAt: WallClock.iso8601(modified))
    }

    private func path(of file: String) -> String {
        directory + "/" + file
    }

    /// `folio-backup-20261129T134501.123Z.sqlite`: sortable, and free of characters a shell would mind.
    static func fileName(at milliseconds: Int64, suffix: Int? = nil) -> String {
        let stamp = WallClock.iso8601(milliseconds).replacingOccurrences(of: "-", with: "")
            .replacingOccurrences(of: ":", with: "")
        return "folio-backup-" + stamp + (suffix.map { "-\($0)" } ?? "") + ".sqlite"
    }

    static func isGeneratedName(_ file: String) -> Bool {
        file.hasPrefix("folio-backup-") && file.hasSuffix(".sqlite") && file.utf8.count < 80
            && file.utf8.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || byte == UInt8(ascii: "T") || byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".")
            }
    }
}
