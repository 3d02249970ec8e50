import Foundation

/// Commits many small writes with one WAL flush: writer threads, each with its own connection, drain queued
/// jobs into one transaction and resume each caller only after the `COMMIT` of the batch holding its job was
/// acknowledged.
///
/// With `synchronous_commit = on` a commit waits for its WAL flush, so one transaction per request caps a node
/// at a few hundred to a thousand writes per second; a batch shares that cost (the contract of the SQLite
/// module's `GroupCommitter`), and its jobs share round trips (`submit(orderedBy:send:finish:)`).
///
/// A batch first runs without savepoints (two statements and a subtransaction fewer per job, on the server's
/// CPU); when a job throws, that transaction is rolled back, nothing of it having committed, and the batch
/// runs again with a savepoint per job: the failing job is rolled back alone (`ROLLBACK TO SAVEPOINT`) and
/// gets its own error, the others still commit. A batch runs its jobs in the order of their keys (the
/// learner's id), so two batches, on this node or another, take row locks in the same order and never deadlock.
final class GroupCommitter: Sendable {
    /// A queued job, type-erased. `start` runs it or queues its statements (`Connection.sendExpecting`) and
    /// returns what finishes it once they ran; the finish returns how to acknowledge it after commit.
    struct Job: Sendable {
        let key: Int64
        let start: @Sendable (Connection) throws -> Finish
        let fail: @Sendable (any Error) -> Void
    }

    /// A started job's second half: reads its rows, may queue more writes, returns the acknowledgement.
    typealias Finish = @Sendable (Connection) throws -> @Sendable () -> Void

    private let queue: BatchQueue
    private let maximumBatchSize: Int
    private let stopped = DispatchGroup()

    /// Starts `writers` threads; each opens its connection when its first batch arrives.
    init(
        connectionString: ConnectionString, setup: [String], writers: Int, maximumBatchSize: Int,
        maximumPendingJobs: Int
    ) {
        precondition(writers > 0 && maximumBatchSize > 0, "group commit limits must be positive")
        queue = BatchQueue(maximumPendingJobs: maximumPendingJobs)
        self.maximumBatchSize = maximumBatchSize
        for index in 0..<writers {
            let keeper = ConnectionKeeper(connectionString: connectionString, setup: setup)
            stopped.enter()
            let thread = Thread { [self] in
                drain(keeper)
                stopped.leave()
            }
            thread.name = "folio-pg-commit-\(index)"
            thread.start()
        }
    }

    /// What the writers did so far.
    var statistics: GroupCommitStatistics { queue.statistics }

    /// Jobs waiting for a writer to take them.
    var queuedJobCount: Int { queue.count }

    /// Queues `work` and returns its result once the batch holding it has committed.
    ///
    /// - Throws: `PostgreSQLError` (kind `.overloaded` when the queue is full, `.closed` after shutdown),
    ///   what `work` throws, or the batch's `COMMIT` error.
    func submit<T: Sendable>(orderedBy key: Int64, _ work: @escaping @Sendable (Connection) throws -> T)
        async throws -> T
    {
        try await submit(orderedBy: key, send: work, finish: { _, value in value })
    }

    /// Queues a job in two halves, so the jobs of a batch share round trips: `send` queues statements with
    /// `Connection.sendExpecting` (or runs some), and `finish` reads their rows after the round trip that
    /// carried every job's statements, and may queue more writes (`sendAhead`) to travel with the next.
    /// Returns `finish`'s result once the batch holding the job has committed.
    ///
    /// Jobs with the same key never share a round trip: the later one's `send` runs after the earlier one's
    /// `finish`, so it reads what that one wrote.
    func submit<Sent: Sendable, T: Sendable>(
        orderedBy key: Int64, send: @escaping @Sendable (Connection) throws -> Sent,
        finish: @escaping @Sendable (Connection, Sent) throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let job = Job(
                key: key,
                start: { connection in
                    let sent = try send(connection)
                    return { connection in
                        let value = try finish(connection, sent)
                        return { continuation.resume(returning: value) }
                    }
                },
                fail: { error in continuation.resume(throwing: error) }
            )
            do {
                try queue.push(job)
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    /// Refuses new jobs; the writers commit every queued one, then stop. With `wait`, returns once they have.
    func shutdown(wait: Bool) {
        queue.close()
        if wait { stopped.wait() }
    }

    /// One writer thread's loop: take a batch, commit it, acknowledge its jobs.
    private func drain(_ keeper: ConnectionKeeper) {
        while let jobs = queue.pop(maximumBatchSize) {
            var outcome = BatchOutcome()
            var remaining = commitWithoutSavepoints(Self.lockOrder(jobs)[...], keeper: keeper, into: &outcome)
            while !remaining.isEmpty {
                remaining = commitTransaction(remaining, keeper: keeper, into: &outcome)
            }
            queue.record(outcome, batchSize: jobs.count)
            for acknowledge in outcome.completions { acknowledge() }
        }
        keeper.close()
    }

    /// The jobs by key, jobs with equal keys in arrival order.
    static func lockOrder(_ jobs: [Job]) -> [Job] {
        jobs.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }.map(\.element)
    }

    /// Jobs in lock order cut into runs that share a round trip: a new run starts at a key already in the
    /// current one. Every run still takes its keys in ascending order, after the previous run's.
    static func waves(_ jobs: ArraySlice<Job>) -> [ArraySlice<Job>] {
        var waves: [ArraySlice<Job>] = []
        var start = jobs.startIndex
        for index in jobs.indices.dropFirst() where jobs[index].key == jobs[index - 1].key {
            waves.append(jobs[start..<index])
            start = index
        }
        if start < jobs.endIndex { waves.append(jobs[start...]) }
        return waves
    }

    /// Runs jobs in one transaction without savepoints; returns them all when one failed before anything could
    /// commit (they then run again with a savepoint each), else none: committed, or failed for good.
    ///
    /// Not committed for sure: a job threw (the transaction is rolled back), or the server refused the
    /// `COMMIT` or a write sent ahead with it. A lost connection during `COMMIT` leaves the outcome unknown:
    /// those jobs fail, unacknowledged, and are never run twice.
    private func commitWithoutSavepoints(
        _ jobs: ArraySlice<Job>, keeper: ConnectionKeeper, into outcome: inout BatchOutcome
    ) -> ArraySlice<Job> {
        guard let connection = transactionConnection(for: jobs, keeper: keeper, into: &outcome) else { return [] }
        let roundTripsBefore = connection.roundTrips
        defer { outcome.roundTrips += connection.roundTrips - roundTripsBefore }
        // BEGIN travels with the first run's statements. A connection the server dropped while it idled
        // fails that round trip; the run with savepoints then finds it broken and reconnects.
        connection.sendAhead(["BEGIN"])
        var acknowledgements: [@Sendable () -> Void] = []
        acknowledgements.reserveCapacity(jobs.count)
        for wave in Self.waves(jobs) {
            do {
                let finishes = try wave.map { job in try job.start(connection) }
                try connection.flush()
                for finish in finishes { acknowledgements.append(try finish(connection)) }
            } catch {
                connection.rollBack()
                return jobs
            }
        }
        do {
            guard try connection.executeScript("COMMIT") == "COMMIT" else {
                return jobs  // the transaction had failed: the server rolled it back
            }
            outcome.committedJobs += acknowledgements.count
            outcome.completions += acknowledgements
            return []
        } catch {
            let refusedByServer = !error.isUnavailable && connection.isOpen
            connection.rollBack()
            if refusedByServer { return jobs }
            fail(jobs, with: error, into: &outcome)
            return []
        }
    }

    /// The writer's connection for one more transaction (counted), or `nil` with every job failed when it
    /// cannot be opened.
    private func transactionConnection(
        for jobs: ArraySlice<Job>, keeper: ConnectionKeeper, into outcome: inout BatchOutcome
    ) -> Connection? {
        outcome.transactions += 1
        do {
            return try keeper.ready()
        } catch {
            fail(jobs, with: error, into: &outcome)
            return nil
        }
    }

    /// Runs jobs in one transaction, a savepoint each; returns the jobs still to run when a failure ended it
    /// early.
    ///
    /// When the transaction itself is lost (the connection broke, or the server aborted it), the jobs before
    /// the failing one fail with its error and the ones after it get a new transaction.
    private func commitTransaction(
        _ jobs: ArraySlice<Job>, keeper: ConnectionKeeper, into outcome: inout BatchOutcome
    ) -> ArraySlice<Job> {
        guard let connection = transactionConnection(for: jobs, keeper: keeper, into: &outcome) else { return [] }
        let roundTripsBefore = connection.roundTrips
        defer { outcome.roundTrips += connection.roundTrips - roundTripsBefore }
        do {
            try connection.executeScript("BEGIN; SAVEPOINT folio_job")
        } catch {
            fail(jobs, with: error, into: &outcome)
            return []
        }
        var succeeded: [Job] = []
        var acknowledgements: [@Sendable () -> Void] = []
        var savepointUsed = false
        for (index, job) in zip(jobs.indices, jobs) {
            do {
                if savepointUsed { connection.sendAhead(["RELEASE SAVEPOINT folio_job", "SAVEPOINT folio_job"]) }
                savepointUsed = true
                let finish = try job.start(connection)
                try connection.flush()
                let acknowledgement = try finish(connection)
                try connection.flush()  // its writes sent ahead run inside its own savepoint
                acknowledgements.append(acknowledgement)
                succeeded.append(job)
            } catch {
                fail([job], with: error, into: &outcome)
                do {
                    guard connection.isOpen, connection.isInTransaction else { throw error }
                    // What the job queued and did not send is its own: the rollback undoes the rest.
                    connection.discardAhead()
                    // The savepoint stays after a rollback to it: the next job runs in it.
                    try connection.executeScript("ROLLBACK TO SAVEPOINT folio_job")
                    savepointUsed = false
                } catch {
                    connection.rollBack()
                    fail(succeeded, with: error, into: &outcome)
                    return jobs[(index + 1)...]
                }
            }
        }
        guard !succeeded.isEmpty else {
            connection.rollBack()
            return []
        }
        do {
            let tag = try connection.executeScript("COMMIT")
            guard tag == "COMMIT" else {
                throw PostgreSQLError(kind: .server, message: "the transaction was rolled back instead of committed")
            }
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

/// Counters of a group committer, for tests and diagnostics.
struct GroupCommitStatistics: Sendable, Equatable {
    var batches = 0
    var transactions = 0
    /// Round trips to the server (one per pipeline), over every transaction.
    var roundTrips = 0
    var committedJobs = 0
    var failedJobs = 0
    var refusedJobs = 0
    var largestBatch = 0
}

/// What one batch did, so callers are resumed after the batch's bookkeeping.
struct BatchOutcome: Sendable {
    var transactions = 0
    var roundTrips = 0
    var committedJobs = 0
    var failedJobs = 0
    var completions: [@Sendable () -> Void] = []
}

/// The jobs waiting for a writer: bounded, closable, taken a batch at a time.
private final class BatchQueue: @unchecked Sendable {  // `jobs`, `closed`, `counters` only touched under `condition`
    private let condition = NSCondition()
    private var jobs: [GroupCommitter.Job] = []
    private var closed = false
    private var counters = GroupCommitStatistics()
    private let maximumPendingJobs: Int

    init(maximumPendingJobs: Int) {
        self.maximumPendingJobs = maximumPendingJobs
    }

    var statistics: GroupCommitStatistics {
        condition.lock()
        defer { condition.unlock() }
        return counters
    }

    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return jobs.count
    }

    func push(_ job: GroupCommitter.Job) throws(PostgreSQLError) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { throw PostgreSQLError(kind: .closed, message: "the write queue is shut down") }
        guard jobs.count < maximumPendingJobs else {
            counters.refusedJobs += 1
            throw PostgreSQLError(kind: .overloaded, message: "\(maximumPendingJobs) writes already queued")
        }
        jobs.append(job)
        condition.signal()
    }

    /// Up to `limit` jobs, waiting for one; `nil` once closed and drained.
    func pop(_ limit: Int) -> [GroupCommitter.Job]? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty && !closed { condition.wait() }
        guard !jobs.isEmpty else { return nil }
        let count = min(limit, jobs.count)
        defer { jobs.removeFirst(count) }
        return Array(jobs.prefix(count))
    }

    func record(_ outcome: BatchOutcome, batchSize: Int) {
        condition.lock()
        defer { condition.unlock() }
        counters.batches += 1
        counters.transactions += outcome.transactions
        counters.roundTrips += outcome.roundTrips
        counters.committedJobs += outcome.committedJobs
        counters.failedJobs += outcome.failedJobs
        counters.largestBatch = max(counters.largestBatch, batchSize)
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
