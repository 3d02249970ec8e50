import Foundation
import Locking

/// Independent pieces of content preparation, run together on every core.
///
/// Results are read back in whatever order the caller chooses, so the error reported first does not
/// depend on which job finished first.
final class ParallelJobs: Sendable {
    /// One job's value, readable after `run()`.
    final class Pending<Value: Sendable>: Sendable {
        private let result = Locked<Result<Value, any Error>>(.failure(NotRun()))

        fileprivate func compute(_ body: () throws -> Value) {
            let value = Result(catching: body)
            result.withLock { $0 = value }
        }

        /// The job's value, or the error it threw.
        func get() throws -> Value {
            try result.withLock { $0 }.get()
        }
    }

    /// What `Pending.get()` throws for a job whose `run()` has not happened.
    struct NotRun: Error, CustomStringConvertible {
        var description: String { "a content preparation job did not run" }
    }

    private let jobs = Locked<[@Sendable () -> Void]>([])

    /// Adds a job; give the longest jobs first, they are started in this order.
    func add<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) -> Pending<Value> {
        let pending = Pending<Value>()
        jobs.withLock { $0.append { pending.compute(body) } }
        return pending
    }

    /// Runs every job added so far, as many at once as there are cores, and returns when all are done.
    func run() {
        let work = jobs.withLock { jobs in
            defer { jobs = [] }
            return jobs
        }
        DispatchQueue.concurrentPerform(iterations: work.count) { work[$0]() }
    }
}
