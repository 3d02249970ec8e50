import Dispatch
import Locking

/// A bounded set of read-only connections, opened on demand and reused.
///
/// In WAL mode each reader sees the last committed snapshot and never waits for the writer, so
/// pages render while a batch of attempts commits. When every reader is busy, threads block and
/// tasks suspend (without holding a thread) until one is returned, in arrival order. A connection
/// moves whole from one holder to the next through the locked state and is never used by two at once.
final class ReaderPool: Sendable {
    private enum Waiter: Sendable {
        case thread(DispatchSemaphore)
        case task(CheckedContinuation<Void, any Error>)

        func wake() {
            switch self {
            case .thread(let semaphore): semaphore.signal()
            case .task(let continuation): continuation.resume()
            }
        }
    }

    private struct State {
        var idle: [Connection] = []
        var permits: Int
        var waiters: [Waiter] = []
        var isClosed = false
    }

    private let path: String
    private let configuration: Connection.Configuration
    private let state: Locked<State>

    init(path: String, configuration: Connection.Configuration, capacity: Int) {
        precondition(capacity > 0, "a reader pool needs at least one connection")
        self.path = path
        var readOnly = configuration
        readOnly.isReadOnly = true
        self.configuration = readOnly
        self.state = Locked(State(permits: capacity))
    }

    /// Runs `body` with a reader, blocking the calling thread while all are busy.
    func read<T>(_ body: (Connection) throws -> T) throws -> T {
        let semaphore = DispatchSemaphore(value: 0)
        if try !acquirePermit(orQueue: .thread(semaphore)) { semaphore.wait() }
        return try withPermit(body)
    }

    /// Runs `body` with a reader, suspending the task while all are busy.
    func read<T>(_ body: (Connection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            do {
                if try acquirePermit(orQueue: .task(continuation)) { continuation.resume() }
            } catch {
                continuation.resume(throwing: error)
            }
        }
        return try withPermit(body)
    }

    /// Takes a permit and returns `true`, or queues `waiter` (woken when a permit is handed over).
    private func acquirePermit(orQueue waiter: Waiter) throws -> Bool {
        try state.withLock { state in
            guard !state.isClosed else {
                throw SQLiteError(kind: .closed, message: "database \(path) is closed")
            }
            guard state.permits > 0 else {
                state.waiters.append(waiter)
                return false
            }
            state.permits -= 1
            return true
        }
    }

    /// Closes idle readers now and busy ones when they come back; later reads throw kind `.closed`.
    func close() {
        let (idle, waiters) = state.withLock { state in
            state.isClosed = true
            defer {
                state.idle.removeAll()
                state.waiters.removeAll()
            }
            return (state.idle, state.waiters)
        }
        for connection in idle { connection.close() }
        for waiter in waiters { waiter.wake() }
    }

    private func withPermit<T>(_ body: (Connection) throws -> T) throws -> T {
        defer { releasePermit() }
        let connection = try checkOut()
        defer { checkIn(connection) }
        return try body(connection)
    }

    private func checkOut() throws -> Connection {
        let reused = try state.withLock { state -> Connection? in
            guard !state.isClosed else {
                throw SQLiteError(kind: .closed, message: "database \(path) is closed")
            }
            return state.idle.popLast()
        }
        if let reused { return reused }
        return try Connection(path: path, configuration: configuration)
    }

    private func checkIn(_ connection: Connection) {
        if connection.isInTransaction {
            // A body that left BEGIN open would pin an old snapshot and keep the WAL from shrinking.
            connection.rollBack()
        }
        let keep = state.withLock { state in
            guard !state.isClosed, !connection.isInTransaction else { return false }
            state.idle.append(connection)
            return true
        }
        if !keep { connection.close() }
    }

    private func releasePermit() {
        let next = state.withLock { state -> Waiter? in
            if state.waiters.isEmpty {
                state.permits += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.wake()
    }
}
