/// One thread's connection: opened on first use, reset or reopened when it broke, never left in a transaction.
///
/// Used only by the thread that owns it (a pool thread or a group-commit writer).
final class ConnectionKeeper: @unchecked Sendable {  // used only by its own thread after `init`
    private let connectionString: ConnectionString
    private let setup: [String]
    private var connection: Connection?

    init(connectionString: ConnectionString, setup: [String], connection: Connection? = nil) {
        self.connectionString = connectionString
        self.setup = setup
        self.connection = connection
    }

    /// The connection, reopened or reset if needed, out of any transaction left open, marked untouched.
    func ready() throws(PostgreSQLError) -> Connection {
        if let connection {
            if connection.isOpen, connection.isInTransaction { connection.rollBack() }
            do {
                try connection.resetIfBroken()
                connection.isUntouched = true
                return connection
            } catch {
                connection.close()
                self.connection = nil
            }
        }
        let fresh = try Connection(connectionString, setup: setup)
        connection = fresh
        fresh.isUntouched = true
        return fresh
    }

    /// Closes the connection, if one is open.
    func close() {
        connection?.close()
        connection = nil
    }
}
