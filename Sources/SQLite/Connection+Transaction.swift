import CSQLite

/// How `BEGIN` takes its locks: https://sqlite.org/lang_transaction.html
public enum TransactionKind: String, Sendable {
    /// Takes locks on first use; a read that later writes can fail with `SQLITE_BUSY` mid-transaction.
    case deferred = "DEFERRED"
    /// Takes the write lock at `BEGIN`, so waiting happens up front (under the busy timeout) and a
    /// write transaction never fails halfway for lack of the lock. The right kind for writes.
    case immediate = "IMMEDIATE"
    /// Like immediate; in WAL mode it is the same.
    case exclusive = "EXCLUSIVE"
}

extension Connection {
    /// Runs `body` in a transaction: commits when it returns, rolls back when it (or `COMMIT`) throws.
    ///
    /// Inside, use `savepoint` to nest.
    /// - Throws: `SQLiteError` (kind `.misuse` when a transaction is already open), or what `body` throws.
    public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: (Connection) throws -> T) throws -> T {
        guard !isInTransaction else {
            throw SQLiteError(kind: .misuse, message: "transaction already open; use savepoint to nest")
        }
        try execute(sql: "BEGIN \(kind.rawValue)")
        do {
            let result = try body(self)
            try execute(sql: "COMMIT")
            return result
        } catch {
            rollBack(to: nil)
            throw error
        }
    }

    /// Runs `body` in a savepoint: its changes are kept when it returns and undone alone when it throws.
    ///
    /// Nests to any depth inside a transaction; outside one it behaves as a deferred transaction.
    /// - Throws: `SQLiteError`, or what `body` throws.
    public func savepoint<T>(_ body: (Connection) throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "folio_savepoint_\(savepointDepth)"
        try execute(sql: "SAVEPOINT \(name)")
        do {
            let result = try body(self)
            try execute(sql: "RELEASE \(name)")
            return result
        } catch {
            rollBack(to: name)
            throw error
        }
    }

    /// Undoes a failed transaction or savepoint, keeping the caller's original error as the one thrown.
    ///
    /// Some errors (`SQLITE_FULL`, `SQLITE_IOERR`, `SQLITE_NOMEM`) make SQLite roll back the whole
    /// transaction itself; then there is nothing left to undo and the statements would fail.
    func rollBack(to savepoint: String? = nil) {
        guard isInTransaction, let handle else { return }
        let sql = savepoint.map { "ROLLBACK TO \($0); RELEASE \($0)" } ?? "ROLLBACK"
        // The caller rethrows the error that caused the rollback; a rollback failure would only hide it,
        // and SQLite then still holds the transaction, which the next BEGIN reports.
        _ = sqlite3_exec(handle, sql, nil, nil, nil)
    }
}
