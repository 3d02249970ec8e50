import Dispatch
import Foundation
import Locking

/// Commits many small writes with one `fsync`: a writer thread drains queued jobs into one
/// `BEGIN IMMEDIATE` transaction, each job in its own savepoint, and resumes each caller only after
/// the `COMMIT` returned.
///
/// With `synchronous = FULL` a commit costs one WAL `fsync` (milliseconds on most disks), so one
/// transaction per request caps throughput at a few hundred per second; a batch shares that cost.
/// A job that throws is rolled back alone and gets its own error; the others in its batch still commit.
final class GroupCommitter: Sendable {
    /// A queued job, type-erased: `run` does the work and returns how to acknowledge it after commit.
    private struct Job: Sendable {
        let run: @Sendable (Connection) throws -> @Sendable () -> Void
        let fail: @Sendable (any Error) -> Void
    }

    private enum Step {
        case commit([Job])
        case sleep
        case stop
    }

    private struct State {
        var pending: [Job] = []
        var isWriterAsleep = false
        var isShuttingDown = false
        var writerThread: pthread_t?
        var statistics = WriteQueueStatistics()
    }

    private let writer: SerializedConnection
    private let maximumBatchSize: Int
    private let maximumPendingJobs: Int
    private let state = Locked(State())
    private let wakeUp = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)

    init(writer: SerializedConnection, maximumBatchSize: Int, maximumPendingJobs: Int) {
        precondition(maximumBatchSize > 0 && maximumPendingJobs > 0, "write queue limits must be positive")
        self.writer = writer
        self.maximumBatchSize = maximumBatchSize
        self.maximumPendingJobs = maximumPendingJobs
        let thread = Thread { [self] in drain() }
        thread.name = "folio-group-commit"
        thread.start()
    }

    var statistics: WriteQueueStatistics {
        state.withLock { $0.statistics }
    }

    /// Jobs waiting for the writer thread to take them.
    var queuedJobCount: Int {
        state.withLock { $0.pending.count }
    }

    /// Queues `work` and returns its result once the batch holding it has committed.
    ///
    /// - Throws: `SQLiteError` (kind `.overloaded` when the queue is full, `.closed` after shutdown),
    ///   what `work` throws, or the batch's `COMMIT` error.
    func submit<T: Sendable>(_ work: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let job = Job(
                run: { connection in
                    let value = try work(connection)
                    return { continuation.resume(returning: value) }
                },
                fail: { error in continuation.resume(throwing: error) }
            )
            do {
                try enqueue(job)
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    /// Refuses new jobs, lets the writer thread commit every queued one, and waits until it has.
    ///
    /// Called from a job (the writer thread itself), it only refuses new jobs: waiting would deadlock.
    func shutdown() {
        let (wake, isWriterThread) = state.withLock { state in
            state.isShuttingDown = true
            defer { state.isWriterAsleep = false }
            let isWriterThread = state.writerThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            return (state.isWriterAsleep, isWriterThread)
        }
        if wake { wakeUp.signal() }
        guard !isWriterThread else { return }
        stopped.wait()
        stopped.signal()  // lets any other caller of shutdown() through as well
    }

    private func enqueue(_ job: Job) throws {
        let wake = try state.withLock { state in
            guard !state.isShuttingDown else {
                throw SQLiteError(kind: .closed, message: "write queue is shut down")
            }
            guard state.pending.count < maximumPendingJobs else {
                state.statistics.refusedJobs += 1
                throw SQLiteError(kind: .overloaded, message: "\(maximumPendingJobs) writes already queued")
            }
            state.pending.append(job)
            defer { state.isWriterAsleep = false }
            return state.isWriterAsleep
        }
        if wake { wakeUp.signal() }
    }

    /// The writer thread's loop: take a batch, commit it, sleep when the queue is empty.
    private func drain() {
        state.withLock { $0.writerThread = pthread_self() }
        while true {
            let step = state.withLock { state -> Step in
                if !state.pending.isEmpty {
                    let count = min(maximumBatchSize, state.pending.count)
                    defer { state.pending.removeFirst(count) }
                    return .commit(Array(state.pending.prefix(count)))
                }
                if state.isShuttingDown { return .stop }
                state.isWriterAsleep = true
                return .sleep
            }
            switch step {
            case .commit(let jobs):
                let outcome = commit(jobs)
                state.withLock { $0.statistics.record(outcome) }
                for acknowledge in outcome.completions { acknowledge() }
            case .sleep:
                wakeUp.wait()
            case .stop:
                stopped.signal()
                return
            }
        }
    }

    /// Runs `jobs` in as few transactions as possible, holding the writer lock throughout.
    private func commit(_ jobs: [Job]) -> BatchOutcome {
        writer.withConnection { connection in
            var outcome = BatchOutcome(batchSize: jobs.count)
            var remaining = jobs[...]
            while !remaining.isEmpty {
                remaining = commitTransaction(remaining, on: connection, into: &outcome)
            }
            return outcome
        }
    }

    /// Runs jobs in one transaction; returns the jobs still to run when a failure ended it early.
    ///
    /// Some errors (`SQLITE_FULL`, `SQLITE_IOERR`) make SQLite roll back the whole transaction: the
    /// jobs before the failing one then fail with its error, and the ones after it get a new transaction.
    private func commitTransaction(
        _ jobs: ArraySlice<Job>,
        on connection: Connection,
        into outcome: inout BatchOutcome
    ) -> ArraySlice<Job> {
        outcome.transactions += 1
        do {
            try connection.execute(sql: "BEGIN IMMEDIATE")
        } catch {
            fail(jobs, with: error, into: &outcome)
            return []
        }
        var succeeded: [Job] = []
        var acknowledgements: [@Sendable () -> Void] = []
        for (index, job) in zip(jobs.indices, jobs) {
            do {
                acknowledgements.append(try connection.savepoint { try job.run($0) })
                succeeded.append(job)
            } catch {
                fail([job], with: error, into: &outcome)
                if !connection.isInTransaction {
                    fail(succeeded, with: error, into: &outcome)
                    return jobs[(index + 1)...]
                }
            }
        }
        do {
            try connection.execute(sql: "COMMIT")
            outcome.committedJobs += acknowledgements.count
            outcome.completions += acknowledgements
        } catch {
            connection.rollBack()
            fail(succeeded, with: error, into: &outcome)
        }
        return []
    }

    private func fail(_ jobs: some Sequence<Job>, with error: any Error, into outcome: inout BatchOutcome) {
        for job in jobs {
            outcome.failedJobs += 1
            outcome.completions.append { job.fail(error) }
        }
    }
}

extension GroupCommitter {
    /// What one batch did, so callers are resumed after the writer lock is released.
    struct BatchOutcome: Sendable {
        var batchSize: Int
        var transactions = 0
        var committedJobs = 0
        var failedJobs = 0
        var completions: [@Sendable () -> Void] = []
    }
}
