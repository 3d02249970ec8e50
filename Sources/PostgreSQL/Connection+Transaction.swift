extension Connection {
    /// How a transaction sees other transactions' writes.
    public enum Isolation: Sendable {
        /// PostgreSQL's default: each statement sees what committed before it started.
        case readCommitted
        /// Every statement sees one snapshot, taken at the first; read-only.
        case snapshot

        var begin: String {
            switch self {
            case .readCommitted: "BEGIN"
            case .snapshot: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
            }
        }
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// Returns only after the server acknowledged `COMMIT` (with `synchronous_commit = on`, once the commit
    /// record is flushed to the server's disk). A `COMMIT` that the server turned into `ROLLBACK` throws.
    @discardableResult
    public func transaction<T>(isolation: Isolation = .readCommitted, _ body: (Connection) throws -> T) throws -> T {
        try executeScript(isolation.begin)
        let value: T
        do {
            value = try body(self)
        } catch {
            rollBack()
            throw error
        }
        let tag = try executeScript("COMMIT")
        guard tag == "COMMIT" else {
            throw PostgreSQLError(kind: .server, message: "the transaction was rolled back instead of committed")
        }
        return value
    }

    /// Ends a failed transaction; a connection too broken to answer is reset on its next use instead.
    func rollBack() {
        discardAhead()
        guard isInTransaction else { return }
        do {
            try executeScript("ROLLBACK")
        } catch {
            close()
        }
    }
}
