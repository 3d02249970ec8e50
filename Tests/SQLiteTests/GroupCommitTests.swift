import Foundation
import SQLite
import Testing

@Suite struct GroupCommitTests {
    struct Rejected: Error, Equatable {
        let job: Int
    }

    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func open(_ configuration: Database.Configuration = Database.Configuration()) throws -> Database {
        let database = try directory.openDatabase(configuration)
        try database.write { connection in
            try connection.execute(
                sql: "CREATE TABLE attempt (id INTEGER PRIMARY KEY, task INTEGER, job INTEGER, UNIQUE (task, job))")
        }
        return database
    }

    /// Occupies the writer thread with a job until the returned gate opens, so later jobs queue up.
    private func blockWriter(_ database: Database) async throws -> (release: Gate, done: Task<Void, any Error>) {
        let started = Gate()
        let release = Gate()
        let done = Task {
            try await database.submit { _ in
                started.open()
                _ = release.wait()
            }
        }
        #expect(try await started.opened())
        return (release, done)
    }

    private static func insert(task: Int, job: Int) -> @Sendable (Connection) throws -> Int64 {
        { connection in
            try connection.execute(sql: "INSERT INTO attempt (task, job) VALUES (?, ?)", arguments: [task, job])
            return connection.lastInsertedRowID
        }
    }

    @Test func fiftyTasksTimesFortyJobsAreAllCommittedExactlyOnce() async throws {
        let database = try open()
        defer { database.close() }
        let rowIDs = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for task in 0..<50 {
                group.addTask {
                    var ids: [Int64] = []
                    for job in 0..<40 {
                        ids.append(try await database.submit(Self.insert(task: task, job: job)))
                    }
                    return ids
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(rowIDs.count == 2000)
        #expect(Set(rowIDs).count == 2000)
        let stored = try await database.read { connection in
            try connection.scalar(Int.self, sql: "SELECT count(DISTINCT task * 100 + job) FROM attempt")
        }
        #expect(stored == 2000)
        let statistics = database.writeQueueStatistics
        #expect(statistics.committedJobs == 2000)
        #expect(statistics.failedJobs == 0)
    }

    @Test func failingJobIsRolledBackAloneAndTheRestOfItsBatchCommits() async throws {
        let database = try open()
        defer { database.close() }
        let blocker = try await blockWriter(database)
        let jobs = 12
        let results = Task {
            await withTaskGroup(of: (Int, Result<Int64, any Error>).self) { group in
                for job in 0..<jobs {
                    group.addTask {
                        do {
                            let id = try await database.submit { connection in
                                let id = try Self.insert(task: 1, job: job)(connection)
                                if job == 5 { throw Rejected(job: job) }
                                if job == 7 { try connection.execute(sql: "INSERT INTO nowhere VALUES (1)") }
                                return id
                            }
                            return (job, .success(id))
                        } catch {
                            return (job, .failure(error))
                        }
                    }
                }
                return await group.reduce(into: [Int: Result<Int64, any Error>]()) { $0[$1.0] = $1.1 }
            }
        }
        #expect(try await eventually { database.queuedWriteCount == jobs })
        blocker.release.open()
        try await blocker.done.value
        let outcomes = await results.value

        for job in 0..<jobs {
            switch (job, outcomes[job]) {
            case (5, .failure(let error)): #expect(error as? Rejected == Rejected(job: 5))
            case (7, .failure(let error)): #expect((error as? SQLiteError)?.message.contains("no such table") == true)
            case (_, .success): break
            default: Issue.record("job \(job): unexpected \(String(describing: outcomes[job]))")
            }
        }
        let stored = try await database.read { connection in
            try connection.query(sql: "SELECT job FROM attempt ORDER BY job").map { try $0["job"] as Int }
        }
        #expect(stored == [0, 1, 2, 3, 4, 6, 8, 9, 10, 11])
        let statistics = database.writeQueueStatistics
        #expect(statistics.largestBatch == jobs)
        #expect(statistics.committedJobs == jobs - 2 + 1)
        #expect(statistics.failedJobs == 2)
    }

    @Test func fullQueueRefusesWithOverloadedInsteadOfGrowing() async throws {
        let database = try open(Database.Configuration(maximumPendingWrites: 3))
        defer { database.close() }
        let blocker = try await blockWriter(database)
        let queued = (0..<3).map { job in Task { try await database.submit(Self.insert(task: 2, job: job)) } }
        #expect(try await eventually { database.queuedWriteCount == 3 })

        let error = await #expect(throws: SQLiteError.self) {
            try await database.submit(Self.insert(task: 2, job: 99))
        }
        #expect(error?.kind == .overloaded)
        #expect(error?.isTransient == true)

        blocker.release.open()
        for task in queued { _ = try await task.value }
        #expect(database.writeQueueStatistics.refusedJobs == 1)
    }

    @Test func closeCommitsEveryQueuedJobThenRefusesNewOnes() async throws {
        let database = try open()
        let blocker = try await blockWriter(database)
        let queued = (0..<20).map { job in Task { try await database.submit(Self.insert(task: 3, job: job)) } }
        #expect(try await eventually { database.queuedWriteCount == 20 })

        let closed = Gate()
        Thread {
            database.close()
            closed.open()
        }.start()
        blocker.release.open()
        #expect(try await closed.opened())
        // Committed before close() returned, not merely before the callers resumed.
        let reopened = try Connection(path: directory.path("test.sqlite"))
        #expect(try reopened.scalar(Int.self, sql: "SELECT count(*) FROM attempt WHERE task = 3") == 20)
        for task in queued { _ = try await task.value }

        let error = await #expect(throws: SQLiteError.self) {
            try await database.submit(Self.insert(task: 3, job: 100))
        }
        #expect(error?.kind == .closed)
    }

    @Test func jobsCanNestSavepoints() async throws {
        let database = try open()
        defer { database.close() }
        let kept = try await database.submit { connection in
            _ = try Self.insert(task: 4, job: 0)(connection)
            do {
                try connection.savepoint { connection in
                    _ = try Self.insert(task: 4, job: 1)(connection)
                    throw Rejected(job: 1)
                }
            } catch is Rejected {}
            return try connection.scalar(Int.self, sql: "SELECT count(*) FROM attempt WHERE task = 4") ?? 0
        }
        #expect(kept == 1)
    }
}
