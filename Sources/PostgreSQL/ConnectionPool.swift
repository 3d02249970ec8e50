import Foundation
import Locking

/// A fixed number of connections, each owned by its own thread, serving queued work in arrival order.
///
/// libpq calls block, so they never run on Swift's cooperative threads: `withConnection` suspends the task
/// and a pool thread runs the work. A connection found broken is reset (or reopened) before its next use, so
/// the pool outlives a PostgreSQL restart.
public final class ConnectionPool: Sendable {
    /// How the pool connects and how many connections it keeps.
    public struct Configuration: Sendable {
        public var connectionString: ConnectionString
        /// Connections (and threads); PostgreSQL's `max_connections` bounds the sum over every node.
        public var size: Int
        /// Work waiting for a connection beyond this fails fast with `.overloaded`.
        public var maxQueued: Int
        /// Statements run after each (re)connect; `synchronous_commit = on` always comes first.
        public var setup: [String]
        /// Group-commit writers, each with a connection of its own beside the `size` above.
        public var writers: Int
        /// Jobs in one group commit at most: when a batch runs again a job at a time, each takes a
        /// subtransaction, and PostgreSQL keeps 64 of them per transaction in shared memory before other
        /// sessions' snapshots get slower.
        public var maxBatch: Int

        public init(
            connectionString: ConnectionString, size: Int = 8, maxQueued: Int = 4096, setup: [String] = [],
            writers: Int = 1, maxBatch: Int = 48
        ) {
            self.connectionString = connectionString
            self.size = max(1, size)
            self.maxQueued = maxQueued
            self.setup = setup
            self.writers = max(1, writers)
            self.maxBatch = min(max(1, maxBatch), 60)
        }
    }

    private let configuration: Configuration
    private let queue: WorkQueue
    private let committer: GroupCommitter

    /// Opens one connection to check the server is reachable and the login works, then starts the threads.
    /// - Throws: `PostgreSQLError` of kind `.connection` when the server cannot be used.
    public init(_ configuration: Configuration) throws(PostgreSQLError) {
        self.configuration = configuration
        let setup = ["SET synchronous_commit = on"] + configuration.setup
        let first = try Connection(configuration.connectionString, setup: setup)
        queue = WorkQueue(maxQueued: configuration.maxQueued)
        committer = GroupCommitter(
            connectionString: configuration.connectionString, setup: setup, writers: configuration.writers,
            maximumBatchSize: configuration.maxBatch, maximumPendingJobs: configuration.maxQueued)
        for index in 0..<configuration.size {
            let worker = Worker(
                connectionString: configuration.connectionString, setup: setup, queue: queue,
                connection: index == 0 ? first : nil)
            let thread = Thread { worker.run() }
            thread.name = "folio-pg-\(index)"
            thread.start()
        }
    }

    deinit {
        queue.close()
        committer.shutdown(wait: false)
    }

    /// Work waiting for a connection.
    var waiting: Int { queue.waiting }

    /// The number of connections.
    public var size: Int { configuration.size }

    /// Runs `body` with a connection on a pool thread; the task is suspended meanwhile.
    public func withConnection<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            do {
                try queue.push { connection in
                    continuation.resume(with: Result { try body(try connection.get()) })
                }
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    /// Runs `body` with a connection on a pool thread, blocking the caller until it is done.
    ///
    /// For short indexed reads from threads that are not the cooperative pool's (the event loops): the work
    /// goes before queued asynchronous work, so a blocked event loop waits for a free connection only.
    public func withConnectionBlocking<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) throws -> T {
        let outcome = Locked<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        try queue.push(urgent: true) { connection in
            let result = Result { try body(try connection.get()) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        guard let result = outcome.withLock({ $0 }) else {
            throw PostgreSQLError(kind: .closed, message: "the pool closed")
        }
        return try result.get()
    }

    /// Runs `body` in a transaction on a pool thread; returns after COMMIT was acknowledged.
    public func transaction<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await withConnection { connection in try connection.transaction(body) }
    }

    /// Runs `body` in a savepoint of the next group commit: one transaction (one WAL flush) for every write
    /// queued meanwhile. Returns only after that transaction's COMMIT was acknowledged.
    ///
    /// `key` orders the jobs of a batch (the id of the learner whose row `body` locks first), so batches take
    /// row locks in one order. When `body` throws, only its own work is rolled back.
    public func groupCommitted<T: Sendable>(
        orderedBy key: Int64, _ body: @escaping @Sendable (Connection) throws -> T
    ) async throws -> T {
        try await committer.submit(orderedBy: key, body)
    }

    /// A write in the next group commit, in two halves so the batch's writes share round trips: `send`
    /// queues statements (`Connection.sendExpecting`), `finish` reads their rows after the round trip (see
    /// `GroupCommitter.submit(orderedBy:send:finish:)`). Returns once the batch's COMMIT was acknowledged.
    public func groupCommitted<Sent: Sendable, T: Sendable>(
        orderedBy key: Int64, send: @escaping @Sendable (Connection) throws -> Sent,
        finish: @escaping @Sendable (Connection, Sent) throws -> T
    ) async throws -> T {
        try await committer.submit(orderedBy: key, send: send, finish: finish)
    }

    /// What the group-commit writers did so far.
    var groupCommitStatistics: GroupCommitStatistics { committer.statistics }

    /// Group-commit jobs waiting for a writer.
    var queuedGroupCommitJobs: Int { committer.queuedJobCount }

    /// Commits the queued group-commit work and waits for it; stops the threads after the queued work and
    /// closes the connections.
    public func close() {
        committer.shutdown(wait: true)
        queue.close()
    }
}

/// One pool thread's loop: take work, make sure the connection is usable, run it.
private final class Worker: Sendable {
    let keeper: ConnectionKeeper
    let queue: WorkQueue

    init(connectionString: ConnectionString, setup: [String], queue: WorkQueue, connection: Connection?) {
        keeper = ConnectionKeeper(connectionString: connectionString, setup: setup, connection: connection)
        self.queue = queue
    }

    func run() {
        while let job = queue.pop() {
            job(Result { () throws(PostgreSQLError) -> Connection in try keeper.ready() })
        }
        keeper.close()
    }
}
