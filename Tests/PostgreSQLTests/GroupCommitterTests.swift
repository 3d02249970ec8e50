import Foundation
import Testing

@testable import PostgreSQL

/// The group commit against a live server (skipped without `FOLIO_TEST_DATABASE_URL`): the contract of the
/// SQLite module's group committer.
@Suite(.enabled(if: LiveDatabase.isAvailable, "FOLIO_TEST_DATABASE_URL names a test cluster"))
struct GroupCommitterTests {
    struct Rejected: Error, Equatable {
        let job: Int
    }

    private static func open(_ connectionString: ConnectionString, writers: Int) throws -> ConnectionPool {
        let pool = try ConnectionPool(.init(connectionString: connectionString, size: 1, writers: writers))
        let setup = try Connection(connectionString)
        defer { setup.close() }
        try setup.executeScript(
            "CREATE TABLE attempt (id BIGSERIAL PRIMARY KEY, task BIGINT, job BIGINT, UNIQUE (task, job))")
        return pool
    }

    private static func insert(task: Int, job: Int) -> @Sendable (Connection) throws -> Int64 {
        { connection in
            guard
                let row = try connection.queryOne(
                    "INSERT INTO attempt (task, job) VALUES ($1, $2) RETURNING id", [task, job])
            else { throw Rejected(job: job) }
            return try row["id"]
        }
    }

    /// Occupies the only writer until `release` is signalled, so later jobs queue up behind it.
    private static func blockWriter(_ pool: ConnectionPool) async throws -> (
        release: DispatchSemaphore, done: Task<Void, any Error>
    ) {
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let done = Task {
            try await pool.groupCommitted(orderedBy: 0) { _ in
                started.signal()
                release.wait()
            }
        }
        try await ConnectionPoolTests.waitUntil { started.wait(timeout: .now()) == .success }
        return (release, done)
    }

    /// Runs `job(0)`…`job(count - 1)` at once behind a blocked writer, so the writer takes them as one batch;
    /// returns each job's outcome, in job order, once the batch is done.
    private static func oneBatch<Value: Sendable>(
        _ pool: ConnectionPool, jobs count: Int, _ job: @escaping @Sendable (Int) async throws -> Value
    ) async throws -> [Result<Value, any Error>] {
        let blocker = try await blockWriter(pool)
        let results = Task {
            await withTaskGroup(of: (Int, Result<Value, any Error>).self) { group in
                for index in 0..<count {
                    group.addTask {
                        do { return (index, .success(try await job(index))) } catch { return (index, .failure(error)) }
                    }
                }
                return await group.reduce(into: [Int: Result<Value, any Error>]()) { $0[$1.0] = $1.1 }
            }
        }
        try await ConnectionPoolTests.waitUntil { pool.queuedGroupCommitJobs == count }
        blocker.release.signal()
        try await blocker.done.value
        let outcomes = await results.value
        return (0..<count).map { outcomes[$0] ?? .failure(CancellationError()) }
    }

    private static func count(_ connectionString: ConnectionString, task: Int) throws -> Int {
        let reader = try Connection(connectionString)
        defer { reader.close() }
        return try reader.queryOne("SELECT count(*) AS n FROM attempt WHERE task = $1", [task])?["n"] ?? -1
    }

    @Test func twentyTasksTimesTwentyJobsAreAllCommittedExactlyOnce() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let pool = try Self.open(connectionString, writers: 2)
            defer { pool.close() }
            let ids = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for task in 0..<20 {
                    group.addTask {
                        var ids: [Int64] = []
                        for job in 0..<20 {
                            ids.append(
                                try await pool.groupCommitted(orderedBy: Int64(job), Self.insert(task: task, job: job)))
                        }
                        return ids
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(Set(ids).count == 400)
            let reader = try Connection(connectionString)
            defer { reader.close() }
            #expect(try reader.queryOne("SELECT count(DISTINCT task * 100 + job) AS n FROM attempt")?["n"] == 400)
            let statistics = pool.groupCommitStatistics
            #expect(statistics.committedJobs == 400)
            #expect(statistics.failedJobs == 0)
        }
    }

    @Test func failingJobIsRolledBackAloneAndTheRestOfItsBatchCommits() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let pool = try Self.open(connectionString, writers: 1)
            defer { pool.close() }
            let jobs = 12
            let outcomes = try await Self.oneBatch(pool, jobs: jobs) { job in
                try await pool.groupCommitted(orderedBy: Int64(job)) { connection in
                    let id = try Self.insert(task: 1, job: job)(connection)
                    if job == 5 { throw Rejected(job: job) }
                    if job == 7 { try connection.execute("INSERT INTO nowhere VALUES (1)") }
                    return id
                }
            }

            for job in 0..<jobs {
                switch (job, outcomes[job]) {
                case (5, .failure(let error)): #expect(error as? Rejected == Rejected(job: 5))
                case (7, .failure(let error)): #expect((error as? PostgreSQLError)?.sqlState == "42P01")
                case (_, .success): break
                default: Issue.record("job \(job): unexpected \(String(describing: outcomes[job]))")
                }
            }
            let reader = try Connection(connectionString)
            defer { reader.close() }
            let stored = try reader.query("SELECT job FROM attempt ORDER BY job").map { try $0["job"] as Int }
            #expect(stored == [0, 1, 2, 3, 4, 6, 8, 9, 10, 11])
            let statistics = pool.groupCommitStatistics
            #expect(statistics.largestBatch == jobs)
            #expect(
                statistics.transactions == 3,
                "the blocker's, the batch without savepoints (rolled back at job 5), then with a savepoint each")
            #expect(statistics.committedJobs == jobs - 2 + 1)
            #expect(statistics.failedJobs == 2)
        }
    }

    /// A batch where nothing fails is one transaction without savepoints: the jobs see no subtransaction.
    @Test func aBatchWithoutFailuresCommitsInOneTransactionWithoutSavepoints() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let pool = try Self.open(connectionString, writers: 1)
            defer { pool.close() }
            let jobs = 10
            let outcomes = try await Self.oneBatch(pool, jobs: jobs) { job in
                try await pool.groupCommitted(orderedBy: Int64(job)) { connection in
                    _ = try Self.insert(task: 5, job: job)(connection)
                    // A subtransaction would have its own id; the top level's is the only one.
                    let row = try connection.queryOne("SELECT txid_current_if_assigned() = txid_current() AS top")
                    return try row?["top"] ?? false
                }
            }
            #expect(try outcomes.map { try $0.get() } == Array(repeating: true, count: jobs))
            #expect(try Self.count(connectionString, task: 5) == jobs)
            let statistics = pool.groupCommitStatistics
            #expect(statistics.transactions == 2, "the blocker's, then one for the whole batch")
            #expect(statistics.committedJobs == jobs + 1)
        }
    }

    /// Two-halved jobs of different learners share one round trip (BEGIN and every job's statement), and the
    /// COMMIT carries the writes their second halves sent ahead: two round trips for the whole batch.
    @Test func twoHalvedJobsShareTheirRoundTrips() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let pool = try Self.open(connectionString, writers: 1)
            defer { pool.close() }
            @Sendable func insertTwice(task: Int, job: Int) async throws -> Int64 {
                try await pool.groupCommitted(
                    orderedBy: Int64(job),
                    send: { connection in
                        try connection.sendExpecting(
                            "INSERT INTO attempt (task, job) VALUES ($1, $2) RETURNING id", [task, job])
                    },
                    finish: { connection, expected in
                        let id: Int64 = try connection.rows(of: expected).first?["id"] ?? -1
                        try connection.sendAhead("INSERT INTO attempt (task, job) VALUES ($1, $2)", [8, Int(id)])
                        return id
                    })
            }
            _ = try await insertTwice(task: 11, job: 0)  // the writer prepares both statements once
            let before = pool.groupCommitStatistics
            let jobs = 9
            let ids = try await Self.oneBatch(pool, jobs: jobs) { job in try await insertTwice(task: 7, job: job) }
                .map { try $0.get() }
            let reader = try Connection(connectionString)
            defer { reader.close() }
            let stored = try reader.query("SELECT id, job FROM attempt WHERE task = 7 ORDER BY job").map {
                (try $0["job"] as Int, try $0["id"] as Int64)
            }
            #expect(stored.map(\.0) == Array(0..<jobs))
            #expect(stored.allSatisfy { ids[$0.0] == $0.1 }, "each job got its own statement's rows")
            let followUps = try reader.query("SELECT job FROM attempt WHERE task = 8").map { try $0["job"] as Int64 }
            #expect(Set(followUps).isSuperset(of: stored.map(\.1)))
            let after = pool.groupCommitStatistics
            #expect(after.transactions - before.transactions == 2, "the blocker's, then the batch's")
            #expect(after.batches - before.batches == 2)
            // The blocker's transaction took one round trip (BEGIN … COMMIT as one script); the batch two.
            #expect(after.roundTrips - before.roundTrips == 3)
        }
    }

    /// Jobs of one key run one after the other: each second half's write is seen by the next job's first half.
    @Test func twoHalvedJobsOfOneKeyReadWhatTheEarlierWrote() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let pool = try Self.open(connectionString, writers: 1)
            defer { pool.close() }
            let jobs = 4
            let seen = try await Self.oneBatch(pool, jobs: jobs) { _ in
                try await pool.groupCommitted(
                    orderedBy: 42,
                    send: { connection in
                        try connection.sendExpecting("SELECT count(*) AS n FROM attempt WHERE task = $1", [9])
                    },
                    finish: { connection, expected in
                        let seen: Int = try connection.rows(of: expected).first?["n"] ?? -1
                        // (task, job) is unique: two jobs that saw the same count would collide.
                        try connection.sendAhead("INSERT INTO attempt (task, job) VALUES ($1, $2)", [9, seen])
                        return seen
                    })
            }.map { try $0.get() }
            #expect(seen.sorted() == Array(0..<jobs))
            #expect(try Self.count(connectionString, task: 9) == jobs)
        }
    }

    /// A first half's statement that fails takes the batch's shared round trip down with it; the batch then
    /// runs again a job at a time, and only the failing job fails.
    @Test func aFailingStatementSentWithOthersFailsOnlyItsJob() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let pool = try Self.open(connectionString, writers: 1)
            defer { pool.close() }
            let jobs = 6
            let outcomes = try await Self.oneBatch(pool, jobs: jobs) { job in
                try await pool.groupCommitted(
                    orderedBy: Int64(job),
                    send: { connection in
                        try connection.sendExpecting(
                            job == 2
                                ? "INSERT INTO nowhere (task, job) VALUES ($1, $2) RETURNING 1"
                                : "INSERT INTO attempt (task, job) VALUES ($1, $2) RETURNING id",
                            [10, job])
                    },
                    finish: { connection, expected in try connection.rows(of: expected).count })
            }
            let reader = try Connection(connectionString)
            defer { reader.close() }
            let stored = Set(try reader.query("SELECT job FROM attempt WHERE task = 10").map { try $0["job"] as Int })
            #expect(stored == [0, 1, 3, 4, 5])
            #expect(Set((0..<jobs).filter { (try? outcomes[$0].get()) == 1 }) == stored)
        }
    }

    /// A write a job sent ahead fails with the next job's statement, when the job was already done: every job
    /// acknowledged is stored and every job stored was acknowledged; the one whose write failed is not.
    @Test(arguments: [3, 7]) func aFailedWriteSentAheadFailsItsJobNeverAcknowledgingLostWork(failing: Int)
        async throws
    {
        try await LiveDatabase.withSchema { connectionString in
            let pool = try Self.open(connectionString, writers: 1)
            defer { pool.close() }
            let jobs = 8
            let outcomes = try await Self.oneBatch(pool, jobs: jobs) { job in
                try await pool.groupCommitted(orderedBy: Int64(job)) { connection in
                    let id = try Self.insert(task: 4, job: job)(connection)
                    if job == failing {  // the same (task, job) again: a unique violation, later
                        try connection.sendAhead("INSERT INTO attempt (task, job) VALUES ($1, $2)", [4, job])
                    }
                    return id
                }
            }
            let acknowledged = outcomes.map { (try? $0.get()) != nil }
            let reader = try Connection(connectionString)
            defer { reader.close() }
            let stored = Set(
                try reader.query("SELECT job FROM attempt WHERE task = 4").map { try $0["job"] as Int })
            #expect(acknowledged[failing] == false)
            #expect(Set((0..<jobs).filter { acknowledged[$0] }) == stored)
        }
    }

    @Test func closeCommitsEveryQueuedJobThenRefusesNewOnes() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let pool = try Self.open(connectionString, writers: 1)
            let blocker = try await Self.blockWriter(pool)
            let queued = (0..<10).map { job in
                Task { try await pool.groupCommitted(orderedBy: 0, Self.insert(task: 3, job: job)) }
            }
            try await ConnectionPoolTests.waitUntil { pool.queuedGroupCommitJobs == 10 }
            let closed = DispatchSemaphore(value: 0)
            Thread {
                pool.close()
                closed.signal()
            }.start()
            blocker.release.signal()
            try await ConnectionPoolTests.waitUntil { closed.wait(timeout: .now()) == .success }
            // Committed before close() returned, not merely before the callers resumed.
            #expect(try Self.count(connectionString, task: 3) == 10)
            for task in queued { _ = try await task.value }
            let error = await #expect(throws: PostgreSQLError.self) {
                try await pool.groupCommitted(orderedBy: 0, Self.insert(task: 3, job: 100))
            }
            #expect(error?.kind == .closed)
        }
    }
}

/// The order of a batch, which needs no server.
@Suite struct GroupCommitOrderTests {
    @Test func aBatchRunsByKeyAndKeepsArrivalOrderWithinAKey() {
        let keys: [Int64] = [5, 1, 5, 3, Int64.max, 1]
        let order = ConnectionPoolTests.Order()
        let jobs = keys.enumerated().map { index, key in
            GroupCommitter.Job(key: key, start: { _ in { _ in {} } }, fail: { _ in order.append("\(index)") })
        }
        let ordered = GroupCommitter.lockOrder(jobs)
        for job in ordered { job.fail(CancellationError()) }
        #expect(ordered.map(\.key) == [1, 1, 3, 5, 5, Int64.max])
        #expect(order.all == ["1", "5", "3", "0", "2", "4"])
    }

    /// Jobs share a round trip unless they have the same key: the later one must read what the earlier wrote.
    @Test func aBatchIsCutWhereAKeyRepeats() {
        let keys: [Int64] = [1, 1, 2, 3, 3, 3, 4, Int64.max, Int64.max]
        let jobs = keys.map { key in GroupCommitter.Job(key: key, start: { _ in { _ in {} } }, fail: { _ in }) }
        let waves = GroupCommitter.waves(jobs[...]).map { $0.map(\.key) }
        #expect(waves == [[1], [1, 2, 3], [3], [3, 4, Int64.max], [Int64.max]])
        #expect(GroupCommitter.waves([][...]).isEmpty)
    }
}
