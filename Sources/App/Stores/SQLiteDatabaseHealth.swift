import Foundation
import SQLite

/// The SQLite database's health: a trivial read, the storage probe, and the file's size with its WAL.
struct SQLiteDatabaseHealth: DatabaseHealth {
    let database: Database

    func check() throws(StoreError) {
        do { try database.check() } catch { throw StoreError(error) }
    }

    func probeStorage(now: Double) async -> Bool {
        await database.probeStorage(now: now)
    }

    var isFull: Bool { database.storage.isFull }

    /// The database file and its WAL, in bytes (`stat`, no I/O on the data).
    var sizeBytes: Int64 {
        [database.path, database.path + "-wal"].reduce(0) { total, file in
            var info = stat()
            return stat(file, &info) == 0 ? total + Int64(info.st_size) : total
        }
    }
}
