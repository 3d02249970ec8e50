import Foundation
import SQLite
import Testing

/// The database file and its WAL and shared-memory files are the owner's alone.
@Suite struct DatabaseFilesTests {
    private static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : nil
    }

    @Test func aNewDatabaseAndItsWALAndSHMAreCreated0600() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("new.sqlite")
        let previous = umask(0o022)
        defer { umask(previous) }
        let database = try Database(path: path)
        try database.write { try $0.execute(sql: "CREATE TABLE t (x)") }
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(Self.mode(file) == 0o600, "\(file)")
        }
        database.close()
    }

    @Test func anExistingDatabaseReadableByOthersIsRestricted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.sqlite")
        let first = try Database(path: path)
        try first.write { try $0.execute(sql: "CREATE TABLE t (x)") }
        first.close()
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            #expect(chmod(file, 0o644) == 0)
        }
        let database = try Database(path: path)
        try database.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            #expect(Self.mode(file) == 0o600, "\(file)")
        }
        database.close()
    }
}
