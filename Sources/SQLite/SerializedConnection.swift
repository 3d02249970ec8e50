import Locking

/// The one writable connection, used by one thread at a time behind a lock.
///
/// SQLite allows one writer per database file; serialising in-process writers here means they wait
/// on the lock instead of spinning in SQLite's busy handler.
final class SerializedConnection: Sendable {
    private let connection: Locked<Connection>

    init(_ connection: Connection) {
        self.connection = Locked(connection)
    }

    /// Runs `body` with exclusive use of the connection.
    ///
    /// - Throws: what `body` throws.
    func withConnection<T>(_ body: (Connection) throws -> T) rethrows -> T {
        try connection.withLock { connection in try body(connection) }
    }

    /// Closes the connection once the current user, if any, is done.
    func close() {
        connection.withLock { $0.close() }
    }
}
