import Dispatch
import Synchronization

/// A connection handed whole from one thread to the next; only its current holder uses it.
struct PooledConnection: @unchecked Sendable {  // ownership moves through the pool's Mutex; never shared
    let connection: Connection
}

/// A bounded set of read-only connections, opened on demand and reused.
///
/// In WAL mode each reader sees the last committed snapshot and never waits for the writer, so
/// pages render while a batch of attempts commits. When every reader is busy, threads block and
/// tasks suspend (without holding a thread) until one is returned, in arrival order.
final class ReaderPool: Sendable {
    private enum Waiter: Sendable {
        case thread(DispatchSemaphore)
        case task(CheckedContinuation<Void, Never>)

        func wake() {
            switch self {
            case .thread(let semaphore): semaphore.signal()
            case .task(let continuation): continuation.resume()
            }
        }
    }

    private struct State {
        var idle: [PooledConnection] = []
        var permits: Int
        var waiters: [Waiter] = []
        var isClosed = false
    }

    private let path: String
    private let configuration: Connection.Configuration
    private let state: Mutex<State>

    init(path: String, configuration: Connection.Configuration, capacity: Int) {
        precondition(capacity > 0, "a reader pool needs at least one connection")
        self.path = path
        var readOnly = configuration
        readOnly.isReadOnly = true
        self.configuration = readOnly
        self.state = Mutex(State(permits: capacity))
    }

    /// Runs `body` with a reader, blocking the calling thread while all are busy.
    func read<T>(_ body: (Connection) throws -> T) throws -> T {
        let semaphore = DispatchSemaphore(value: 0)
        let granted = state.withLock { state in
            guard state.permits > 0 else {
                state.waiters.append(.thread(semaphore))
                return false
            }
            state.permits -= 1
            return true
        }
        if !granted { semaphore.wait() }
        return try withPermit(body)
    }

    /// Runs `body` with a reader, suspending the task while all are busy.
    func read<T>(_ body: (Connection) throws -> T) async throws -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state in
                guard state.permits > 0 else {
                    state.waiters.append(.task(continuation))
                    return false
                }
                state.permits -= 1
                return true
            }
            if granted { continuation.resume() }
        }
        return try withPermit(body)
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
        for pooled in idle { pooled.connection.close() }
        for waiter in waiters { waiter.wake() }
    }

    private func withPermit<T>(_ body: (Connection) throws -> T) throws -> T {
        defer { releasePermit() }
        let pooled = try checkOut()
        defer { checkIn(pooled) }
        return try body(pooled.connection)
    }

    private func checkOut() throws -> PooledConnection {
        let reused = try state.withLock { state -> PooledConnection? in
            guard !state.isClosed else {
                throw SQLiteError(kind: .closed, message: "database \(path) is closed")
            }
            return state.idle.popLast()
        }
        if let reused { return reused }
        return PooledConnection(connection: try Connection(path: path, configuration: configuration))
    }

    private func checkIn(_ pooled: PooledConnection) {
        if pooled.connection.isInTransaction {
            // A body that left BEGIN open would pin an old snapshot and keep the WAL from shrinking.
            pooled.connection.rollBack()
        }
        let keep = state.withLock { state in
            guard !state.isClosed, !pooled.connection.isInTransaction else { return false }
            state.idle.append(pooled)
            return true
        }
        if !keep { pooled.connection.close() }
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
