import Foundation

/// Work waiting for a pool thread: first in, first out, bounded, closable; urgent work (a thread blocked
/// on the answer, such as an event loop) goes before the rest.
final class WorkQueue: @unchecked Sendable {  // `jobs`, `urgent`, `head`, `closed` only touched under `condition`
    typealias Job = @Sendable (Result<Connection, PostgreSQLError>) -> Void

    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var urgent: [Job] = []
    private var head = 0
    private var closed = false
    private let maxQueued: Int

    init(maxQueued: Int) {
        self.maxQueued = maxQueued
    }

    /// Queues `job` (before every non-urgent job when `urgent`); throws `.overloaded` when too much waits,
    /// `.closed` after `close()`.
    func push(urgent isUrgent: Bool = false, _ job: @escaping Job) throws(PostgreSQLError) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { throw PostgreSQLError(kind: .closed, message: "the connection pool is closed") }
        guard jobs.count - head + urgent.count < maxQueued else {
            throw PostgreSQLError(kind: .overloaded, message: "\(maxQueued) requests already wait for a connection")
        }
        if isUrgent {
            urgent.append(job)
        } else {
            jobs.append(job)
        }
        condition.signal()
    }

    /// Jobs waiting for a thread.
    var waiting: Int {
        condition.lock()
        defer { condition.unlock() }
        return jobs.count - head + urgent.count
    }

    /// The next job, waiting for one; `nil` once closed and drained.
    func pop() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count && urgent.isEmpty && !closed { condition.wait() }
        if !urgent.isEmpty { return urgent.removeFirst() }
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
