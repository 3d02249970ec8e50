import PostgreSQL

/// The pool as the PostgreSQL stores use it: reads and committed writes, failures as `StoreError`.
extension ConnectionPool {
    /// A read on a pool thread, the task suspended meanwhile; failures as `StoreError`.
    func reading<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws(StoreError) -> T {
        do { return try await withConnection(body) } catch { throw StoreError(error) }
    }

    /// A read for the event loop: blocks the calling thread until a pool thread answered.
    func readingBlocking<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) throws(StoreError) -> T {
        do { return try withConnectionBlocking(body) } catch { throw StoreError(error) }
    }

    /// A write in its own transaction: returns only after PostgreSQL acknowledged the COMMIT
    /// (`synchronous_commit = on`: the commit record is on the server's disk).
    @discardableResult
    func committing<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws(StoreError) -> T {
        do { return try await transaction(body) } catch { throw StoreError(error) }
    }

    /// A write in the next group commit (see `ConnectionPool.groupCommitted`): returns only after the COMMIT
    /// of the transaction holding it was acknowledged. `key` is the id of the learner whose row it locks.
    @discardableResult
    func committingInBatch<T: Sendable>(orderedBy key: Int64, _ body: @escaping @Sendable (Connection) throws -> T)
        async throws(StoreError) -> T
    {
        do { return try await groupCommitted(orderedBy: key, body) } catch { throw StoreError(error) }
    }

    /// `committingInBatch` in two halves that share the batch's round trips (`ConnectionPool.groupCommitted(
    /// orderedBy:send:finish:)`).
    func committingInBatch<Sent: Sendable, T: Sendable>(
        orderedBy key: Int64, send: @escaping @Sendable (Connection) throws -> Sent,
        finish: @escaping @Sendable (Connection, Sent) throws -> T
    ) async throws(StoreError) -> T {
        do { return try await groupCommitted(orderedBy: key, send: send, finish: finish) } catch {
            throw StoreError(error)
        }
    }

    /// A write in its own transaction from a thread that may block (start-up, the reload thread).
    @discardableResult
    func committingBlocking<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) throws(StoreError) -> T {
        do {
            return try withConnectionBlocking { connection in try connection.transaction(body) }
        } catch {
            throw StoreError(error)
        }
    }
}
