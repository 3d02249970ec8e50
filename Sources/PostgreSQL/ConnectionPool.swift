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

        public init(connectionString: ConnectionString, size: Int = 8, maxQueued: Int = 4096, setup: [String] = []) {
            self.connectionString = connectionString
            self.size = max(1, size)
            self.maxQueued = maxQueued
            self.setup = setup
        }
    }

    private let configuration: Configuration
    private let queue: WorkQueue

    /// Opens one connection to check the server is reachable and the login works, then starts the threads.
    /// - Throws: `PostgreSQLError` of kind `.connection` when the server cannot be used.
    public init(_ configuration: Configuration) throws(PostgreSQLError) {
        self.configuration = configuration
        let setup = ["SET synchronous_commit = on"] + configuration.setup
        let first = try Connection(configuration.connectionString, setup: setup)
        queue = WorkQueue(maxQueued: configuration.maxQueued)
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
    }

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
    /// For short indexed reads from threads that are not the cooperative pool's (the event loops).
    public func withConnectionBlocking<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) throws -> T {
        let outcome = Locked<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        try queue.push { connection in
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

    /// Stops the threads after the queued work and closes the connections.
    public func close() {
        queue.close()
    }
}

/// One pool thread's loop: take work, make sure the connection is usable, run it.
private final class Worker: @unchecked Sendable {  // used only by its own thread after `init`
    let connectionString: ConnectionString
    let setup: [String]
    let queue: WorkQueue
    var connection: Connection?

    init(connectionString: ConnectionString, setup: [String], queue: WorkQueue, connection: Connection?) {
        self.connectionString = connectionString
        self.setup = setup
        self.queue = queue
        self.connection = connection
    }

    func run() {
        while let job = queue.pop() {
            job(Result { () throws(PostgreSQLError) -> Connection in try ready() })
        }
        connection?.close()
        connection = nil
    }

    /// The connection, reopened or reset if needed, out of any transaction left open, marked untouched.
    private func ready() throws(PostgreSQLError) -> Connection {
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
}
