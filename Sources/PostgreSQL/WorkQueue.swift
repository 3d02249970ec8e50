import Foundation

/// Work waiting for a pool thread: first in, first out, bounded, closable.
final class WorkQueue: @unchecked Sendable {  // `jobs`, `head` and `closed` are only touched under `condition`
    typealias Job = @Sendable (Result<Connection, PostgreSQLError>) -> Void

    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var head = 0
    private var closed = false
    private let maxQueued: Int

    init(maxQueued: Int) {
        self.maxQueued = maxQueued
    }

    /// Queues `job`; throws `.overloaded` when too much waits, `.closed` after `close()`.
    func push(_ job: @escaping Job) throws(PostgreSQLError) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { throw PostgreSQLError(kind: .closed, message: "the connection pool is closed") }
        guard jobs.count - head < maxQueued else {
            throw PostgreSQLError(kind: .overloaded, message: "\(maxQueued) requests already wait for a connection")
        }
        jobs.append(job)
        condition.signal()
    }

    /// The next job, waiting for one; `nil` once closed and drained.
    func pop() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count && !closed { condition.wait() }
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        head += 1
        if head > 1024, head * 2 > jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }

    /// Lets the threads finish the queued work, then stop.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
