import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// A few threads of their own for full-text search, fed in arrival order.
///
/// A query costs milliseconds of CPU: on an event loop it would hold up every connection of that loop, and as
/// plain tasks it would fill Swift's cooperative pool, where quick async handlers (`/healthz`, attempts) would
/// queue behind a burst of searches. Here a burst of searches waits for these threads; everything else does not.
final class SearchWorkers: Sendable {
    /// The process's search threads: two, or one on a single core (the indexes serialise per language anyway).
    static let shared = SearchWorkers(threads: min(2, max(1, ProcessInfo.processInfo.activeProcessorCount)))

    private let jobs = Locked<[@Sendable () -> Void]>([])
    private let waiting = DispatchSemaphore(value: 0)
    private let threadIDs = Locked<[pthread_t]>([])

    private init(threads: Int) {
        for _ in 0..<threads {
            Thread { [self] in
                threadIDs.withLock { $0.append(pthread_self()) }
                work()
            }.start()
        }
    }

    /// Whether the calling thread is one of these (for checks and tests).
    var isCurrentThread: Bool {
        let current = pthread_self()
        return threadIDs.withLock { $0.contains(current) }
    }

    /// Runs `body` on a search thread and returns its value (or throws its error) to the awaiting task.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            jobs.withLock { $0.append { continuation.resume(with: Result(catching: body)) } }
            waiting.signal()
        }
    }

    private func work() -> Never {
        while true {
            waiting.wait()
            let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            job?()
        }
    }
}
