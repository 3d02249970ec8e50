import Synchronization

/// The one writable connection, used by one thread at a time behind a `Mutex`.
///
/// SQLite allows one writer per database file; serialising in-process writers here means they wait
/// on the lock instead of spinning in SQLite's busy handler.
final class SerializedConnection: Sendable {
    private let connection: Mutex<Connection>

    init(_ connection: consuming sending Connection) {
        self.connection = Mutex(connection)
    }

    /// Runs `body` with exclusive use of the connection.
    ///
    /// - Throws: what `body` throws.
    func withConnection<T: Sendable, E: Error>(_ body: (Connection) throws(E) -> T) throws(E) -> T {
        try connection.withLock { (connection) throws(E) -> T in try body(connection) }
    }

    /// Closes the connection once the current user, if any, is done.
    func close() {
        connection.withLock { $0.close() }
    }
}
