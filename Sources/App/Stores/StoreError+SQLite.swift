import SQLite

extension StoreError {
    /// The store error for a failure of the SQLite engine (or of the code run in its transaction).
    init(_ error: any Error) {
        if let store = error as? StoreError {
            self = store
            return
        }
        if let postgreSQL = StoreError.postgreSQL(error) {
            self = postgreSQL
            return
        }
        guard let failure = error as? SQLiteError else {
            self.init(kind: .failed, message: String(describing: error))
            return
        }
        let kind: Kind
        if failure.isStorageFull {
            kind = .storageFull
        } else if failure.kind == .sqlite, failure.isBusy {
            kind = .busy
        } else if failure.kind == .overloaded {
            kind = .overloaded
        } else {
            kind = .failed
        }
        self.init(kind: kind, message: String(describing: failure))
    }
}

extension Database {
    /// A read on a pooled reader connection, its failures as `StoreError`.
    func reading<T>(_ body: (Connection) throws -> T) throws(StoreError) -> T {
        do { return try read(body) } catch { throw StoreError(error) }
    }

    /// A read that waits for a reader connection without blocking a thread, its failures as `StoreError`.
    func reading<T>(_ body: (Connection) throws -> T) async throws(StoreError) -> T {
        do { return try await read(body) } catch { throw StoreError(error) }
    }

    /// A write through the group-commit queue: returns only after the batch holding it has committed.
    func committing<T: Sendable>(_ work: @escaping @Sendable (Connection) throws -> T) async throws(StoreError) -> T {
        do { return try await submit(work) } catch { throw StoreError(error) }
    }

    /// A write in its own immediate transaction on the calling thread, its failures as `StoreError`.
    func writing<T>(_ body: (Connection) throws -> T) throws(StoreError) -> T {
        do { return try write(body) } catch { throw StoreError(error) }
    }
}
