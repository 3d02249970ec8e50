import CSQLite
import Foundation

extension Database {
    /// Copies the database into a new file at `destination` while the server keeps reading and writing.
    ///
    /// Uses SQLite's online backup API (https://sqlite.org/backup.html) from its own read-only
    /// connection, inside one read transaction: in WAL mode that pins a consistent snapshot, so writers
    /// are never blocked and the copy never has to restart. Pages are copied `pagesPerStep` at a time
    /// into `destination.partial`, which is renamed only when complete, so a file at `destination` is
    /// always a whole backup.
    /// - Throws: `SQLiteError` (kind `.misuse` when `destination` exists, `.sqlite` from the backup).
    public func backup(to destination: String, pagesPerStep: Int32 = 256) throws {
        let partial = destination + ".partial"
        for path in [destination, partial] where FileManager.default.fileExists(atPath: path) {
            throw SQLiteError(kind: .misuse, message: "backup destination \(path) already exists")
        }
        do {
            try copy(to: partial, pagesPerStep: max(1, pagesPerStep))
            try FileManager.default.moveItem(atPath: partial, toPath: destination)
        } catch {
            let cleanup: String
            do {
                if FileManager.default.fileExists(atPath: partial) {
                    try FileManager.default.removeItem(atPath: partial)
                }
                cleanup = ""
            } catch let removal {
                cleanup = " (and \(partial) could not be removed: \(removal.localizedDescription))"
            }
            if var failure = error as? SQLiteError {
                failure.message += cleanup
                throw failure
            }
            throw SQLiteError(kind: .sqlite, message: "backup failed: \(error.localizedDescription)\(cleanup)")
        }
    }

    private func copy(to target: String, pagesPerStep: Int32) throws {
        let source = try Connection(path: path, configuration: Connection.Configuration(isReadOnly: true))
        defer { source.close() }
        let copy = try Connection(path: target, configuration: Connection.Configuration(usesWriteAheadLog: false))
        defer { copy.close() }
        try source.transaction(.deferred) { source in
            // Reading starts the transaction's snapshot; the backup then copies exactly that state.
            _ = try source.scalar(Int64.self, sql: "SELECT count(*) FROM sqlite_schema")
            let sourceHandle = try source.openHandle()
            let targetHandle = try copy.openHandle()
            guard let backup = sqlite3_backup_init(targetHandle, "main", sourceHandle, "main") else {
                throw SQLiteError(resultCode: sqlite3_errcode(targetHandle), handle: targetHandle, sql: nil)
            }
            var result = SQLITE_OK
            while result == SQLITE_OK || result == SQLITE_BUSY || result == SQLITE_LOCKED {
                result = sqlite3_backup_step(backup, pagesPerStep)
                if result == SQLITE_BUSY || result == SQLITE_LOCKED { sqlite3_sleep(5) }
            }
            let finished = sqlite3_backup_finish(backup)
            guard result == SQLITE_DONE, finished == SQLITE_OK else {
                throw SQLiteError(resultCode: result == SQLITE_DONE ? finished : result, handle: targetHandle, sql: nil)
            }
        }
    }
}
