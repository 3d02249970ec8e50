import Foundation
import Grading
import PostgreSQL
import SQLite
import Testing
import Views

@testable import App

/// The store protocols' contract, written against the protocols only, run against both engines: SQLite over
/// a freshly migrated file, and PostgreSQL (when `FOLIO_TEST_DATABASE_URL` is set) in a fresh schema.
struct StoreContractTests {
    /// The engines the cases run on here.
    enum Engine: String, CustomStringConvertible, CaseIterable {
        case sqlite
        case postgreSQL

        var description: String { rawValue }

        /// SQLite always; PostgreSQL when a test cluster is configured.
        static var available: [Engine] { TestPostgres.isAvailable ? allCases : [.sqlite] }
    }

    /// Runs `body` with every store over a new, migrated database of `engine`, removed afterwards.
    static func withStores(_ engine: Engine, _ body: (StoreSet) async throws -> Void) async throws {
        switch engine {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                "folio-stores-\(UUID().uuidString).sqlite")
            let database = try Database(path: path.path)
            defer {
                database.close()
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path.path + suffix) }
            }
            try SQLite.Migrator(directory: TestServer.repositoryRoot.appendingPathComponent("Migrations"))
                .migrate(database)
            try await body(.sqlite(database))
        case .postgreSQL:
            let (connectionString, schema) = try TestPostgres.makeSchema()
            let pool = try ConnectionPool(.init(connectionString: connectionString, size: 2))
            defer {
                pool.close()
                try? TestPostgres.dropSchema(schema)
            }
            let directory = TestServer.repositoryRoot.appendingPathComponent("Migrations/postgresql")
            _ = try pool.withConnectionBlocking { try PostgreSQL.Migrator(directory: directory).migrate($0) }
            try await body(.postgreSQL(pool, connectionString: connectionString))
        }
    }

    static func attempt(_ questionID: String, in section: CourseSection, _ verdict: Verdict, score: Double)
        -> NewAttempt
    {
        NewAttempt(
            questionID: questionID, section: section, language: "it", answer: "risposta", choice: nil,
            verdict: verdict, score: score, contentVersionID: nil, questionHash: "h")
    }

    @Test(arguments: Engine.available) func attemptsCreateTheLearnerOnceAndKeepTypedValues(engine: Engine) async throws
    {
        try await Self.withStores(engine) { stores in
            let first = try await stores.attempts.record(
                Self.attempt("ch3-q1", in: .chapter(3), .partial, score: 0.5), by: .create(language: "it"))
            let issued = try #require(first.issued, "a new learner comes with its token")
            let learnerID = issued.learner.id
            #expect(try stores.learners.learner(token: issued.token)?.id == learnerID)
            #expect(try await stores.learners.learnerSuspending(token: issued.token)?.id == learnerID)
            #expect(
                try await stores.learners.learnerSuspending(token: "folio_" + String(repeating: "0", count: 43)) == nil)
            #expect(try await stores.learners.learnerSuspending(token: "not a token") == nil)
            let second = try await stores.attempts.record(
                Self.attempt("ch3-q1", in: .chapter(3), .correct, score: 1), by: .existing(learnerID))
            #expect(second.issued == nil)
            #expect(second.tries.attempts == 2)
            #expect(second.tries.firstCorrectTry == 2)

            let latest = try stores.attempts.latestAttempts(learnerID: learnerID, section: .chapter(3), limit: 10)
            #expect(latest.map(\.verdict) == [.correct, .partial], "newest first, verdicts read back typed")
            #expect(latest.allSatisfy { $0.section == .chapter(3) })
            #expect(try stores.attempts.latestAttempts(learnerID: learnerID, section: .practice, limit: 10).isEmpty)

            let page = try await stores.attempts.attempts(
                learnerID: learnerID, after: latest[1].id, limit: 10, questionID: nil)
            #expect(page.map(\.id) == [latest[0].id], "keyset pagination after a cursor")

            let records = try stores.attempts.progressRecords(learnerID: learnerID)
            #expect(records.scores.map(\.section) == [.chapter(3)])
            #expect(records.tries["ch3-q1"]?.bestScore == 1)
        }
    }

    /// Many learners answering at once (on PostgreSQL, their statements share a batch's round trips): each try
    /// is counted once, in its learner's order, and every answer reads back byte for byte.
    @Test(arguments: Engine.available) func concurrentAttemptsOfManyLearnersAreEachStoredOnceAndReadBackExactly(
        engine: Engine
    ) async throws {
        try await Self.withStores(engine) { stores in
            var learners: [Int64] = []
            for _ in 0..<12 {
                let created = try await stores.attempts.record(
                    Self.attempt("ch0-q1", in: .chapter(0), .incorrect, score: 0), by: .create(language: "it"))
                learners.append(try #require(created.issued).learner.id)
            }
            let answers = [
                #"a "quoted" answer, with {braces}"#, #"back\slash \" and NULL"#, "NULL", "", "multi\nline ⚡︎ 漢字",
            ]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, learner) in learners.enumerated() {
                    group.addTask {
                        for try_ in 0..<4 {
                            let answer = answers[(index + try_) % answers.count]
                            let attempt = NewAttempt(
                                questionID: "ch0-q1", section: .chapter(0), language: "it", answer: answer,
                                choice: try_ % 2 == 0 ? nil : "B, \"c\"", verdict: try_ == 3 ? .correct : .partial,
                                score: try_ == 3 ? 1 : 0.25, contentVersionID: nil, questionHash: "h\(try_)")
                            let recorded = try await stores.attempts.record(attempt, by: .existing(learner))
                            #expect(recorded.tries.attempts == try_ + 2, "the tries before it were all seen")
                            #expect(recorded.attempt.answer == answer)
                        }
                    }
                }
                try await group.waitForAll()
            }
            var ids: Set<Int64> = []
            for (index, learner) in learners.enumerated() {
                let stored = try await stores.attempts.attempts(
                    learnerID: learner, after: 0, limit: 10, questionID: nil)
                #expect(stored.count == 5)
                ids.formUnion(stored.map(\.id))
                let answered = stored.dropFirst()
                #expect(answered.map(\.answer) == (0..<4).map { answers[(index + $0) % answers.count] })
                #expect(answered.map(\.choice) == [nil, "B, \"c\"", nil, "B, \"c\""])
                #expect(answered.map(\.questionHash) == ["h0", "h1", "h2", "h3"])
                let tries = try #require(try stores.attempts.progressRecords(learnerID: learner).tries["ch0-q1"])
                #expect(tries.attempts == 5)
                #expect(tries.firstCorrectTry == 5)
                #expect(tries.bestScore == 1)
            }
            #expect(ids.count == learners.count * 5, "every attempt has its own id")
        }
    }

    @Test(arguments: Engine.available) func anAttemptIsAnnouncedOnlyWhenAWebhookListens(engine: Engine) async throws {
        try await Self.withStores(engine) { stores in
            var attempt = Self.attempt("ch0-q1", in: .chapter(0), .correct, score: 1)
            attempt.announcement = AttemptAnnouncement(
                requiredQuestions: { _ in ["ch0-q1"] }, policy: ScoringPolicy(), origin: "https://folio.example",
                pushesStatements: false)
            let quiet = try await stores.attempts.record(attempt, by: .create(language: "it"))
            let learnerID = try #require(quiet.issued).learner.id
            #expect(try await stores.outbox.hasDue(at: Int64.max / 2) == false, "nobody listens yet")
            _ = try await stores.webhooks.create(url: "https://hooks.example/folio", events: [.attemptGraded])
            let heard = try await stores.attempts.record(attempt, by: .existing(learnerID))
            #expect(heard.tries.attempts == 2)
            #expect(try await stores.outbox.hasDue(at: Int64.max / 2), "the graded event waits in the outbox")
        }
    }

    @Test(arguments: Engine.available) func completionIsJudgedByTheLearnersCohortPlanReadInTheAttempt(
        engine: Engine
    ) async throws {
        try await Self.withStores(engine) { stores in
            let cohort = try await stores.cohorts.create(name: "Onboarding", plan: CohortPlan(required: [.chapter(0)]))
            let member = try await stores.learners.create(displayName: "Ada", language: "it", cohortID: cohort.id)
            let loner = try await stores.learners.create(displayName: "Bo", language: "it", cohortID: nil)
            _ = try await stores.webhooks.create(url: "https://hooks.example/folio", events: [.learnerCompleted])
            var attempt = Self.attempt("ch0-q1", in: .chapter(0), .correct, score: 1)
            attempt.announcement = AttemptAnnouncement(
                requiredQuestions: { plan in plan.required == [.chapter(0)] ? ["ch0-q1"] : ["ch0-q1", "ch1-q1"] },
                policy: ScoringPolicy(), origin: "https://folio.example", pushesStatements: false)
            _ = try await stores.attempts.record(attempt, by: .existing(member.learner.id))
            _ = try await stores.attempts.record(attempt, by: .existing(loner.learner.id))
            let due = try await stores.outbox.take(at: Int64.max / 2, limit: 10, lease: 1000)
            let completed = due.map(\.delivery).filter { $0.event == "learner.completed" }
            #expect(completed.count == 1, "only the member completed: their plan requires chapter 0 alone")
            #expect(completed.first?.payload.contains(#""display_name":"Ada""#) == true)
        }
    }

    @Test(arguments: Engine.available) func readsAndRevealsAreKeptPerSection(engine: Engine) async throws {
        try await Self.withStores(engine) { stores in
            let learner = try await stores.learners.create(displayName: "Ada", language: "it", cohortID: nil)
            let id = learner.learner.id
            #expect(try await stores.attempts.recordRead(section: .appendix, language: "it", by: .existing(id)) == nil)
            let revealed = try await stores.attempts.reveal([("practice-q1", .practice)], by: .existing(id))
            let firstTime = try #require(revealed.tries["practice-q1"]?.revealedAt)
            let again = try await stores.attempts.reveal([("practice-q1", .practice)], by: .existing(id))
            #expect(again.tries["practice-q1"]?.revealedAt == firstTime, "repeating a reveal keeps the first time")
            let records = try stores.attempts.progressRecords(learnerID: id)
            #expect(records.lastOpened.keys.sorted { $0.name < $1.name } == [.appendix])
            #expect(records.scores.map(\.section) == [.practice])
            #expect(try await stores.scores.scores(learnerID: id).map(\.section) == [.practice])
        }
    }

    @Test(arguments: Engine.available) func resumeCodesAreSingleUse(engine: Engine) async throws {
        try await Self.withStores(engine) { stores in
            let learner = try await stores.learners.create(displayName: "", language: "it", cohortID: nil)
            let (code, _) = try await stores.learners.makeResumeCode(learnerID: learner.learner.id)
            let redeemed = try #require(try await stores.learners.redeem(resumeCode: code))
            #expect(redeemed.learner.id == learner.learner.id)
            #expect(redeemed.token != learner.token, "a new device token")
            #expect(try await stores.learners.redeem(resumeCode: code) == nil)
        }
    }

    @Test(arguments: Engine.available) func cohortsJoinAndTokensNeedAnExistingCohort(engine: Engine) async throws {
        try await Self.withStores(engine) { stores in
            let cohort = try await stores.cohorts.create(name: "Team")
            #expect(try await stores.cohorts.cohort(joinCode: cohort.joinCode)?.id == cohort.id)
            #expect(try await stores.cohorts.cohort(joinCode: "not-a-code") == nil)
            let learner = try await stores.learners.create(displayName: "", language: "it", cohortID: nil)
            #expect(
                try await stores.learners.join(learnerID: learner.learner.id, cohortID: cohort.id, displayName: "Bo"))
            #expect(try await stores.cohorts.cohort(id: cohort.id)?.learnerCount == 1)
            #expect(try await stores.cohorts.memberRecords(cohortID: cohort.id).map(\.learner.displayName) == ["Bo"])

            #expect(try await stores.tokens.create(name: "HR", scope: .readScores, cohortID: cohort.id + 1) == nil)
            let issued = try #require(
                try await stores.tokens.create(name: "HR", scope: .readScores, cohortID: cohort.id))
            #expect(try await stores.tokens.token(secret: issued.secret)?.id == issued.token.id)
            #expect(try await stores.tokens.revoke(id: issued.token.id))
            let revokedAt = try #require(try await stores.tokens.token(secret: issued.secret)?.revokedAt)
            #expect(try await stores.tokens.revoke(id: issued.token.id))
            #expect(try await stores.tokens.token(secret: issued.secret)?.revokedAt == revokedAt)
        }
    }
}
