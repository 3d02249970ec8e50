import CSQLite
import Foundation

/// The database file and its `-wal` and `-shm` companions, readable and writable by the owner only.
///
/// SQLite creates a new database file `0644` (less the umask) and gives the WAL and shared-memory files
/// the database file's mode. Learners' answers and token hashes live there, so the file is created `0600`
/// before SQLite opens it, and existing files that others may read lose those permission bits.
enum DatabaseFiles {
    /// Creates `path` empty with mode `0600` when missing (an empty file is an empty database), and
    /// removes group and other permissions from it and its `-wal` and `-shm` files.
    /// - Throws: `SQLiteError` when the file cannot be created or its mode cannot be changed.
    static func secure(_ path: String) throws {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw SQLiteError(
                kind: .sqlite, extendedCode: SQLITE_CANTOPEN,
                message: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        for file in [path, path + "-wal", path + "-shm"] {
            var info = stat()
            guard stat(file, &info) == 0, info.st_mode & 0o077 != 0 else { continue }
            guard chmod(file, info.st_mode & 0o700) == 0 else {
                throw SQLiteError(
                    kind: .sqlite, extendedCode: SQLITE_PERM,
                    message: "cannot restrict the permissions of \(file): \(String(cString: strerror(errno)))")
            }
        }
    }
}
