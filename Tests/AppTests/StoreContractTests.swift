import Foundation
import Grading
import SQLite
import Testing
import Views

@testable import App

/// The store protocols' contract, written against the protocols only so another engine's stores can run the
/// same cases; today they run on the SQLite stores over a freshly migrated database.
struct StoreContractTests {
    /// The stores under test, over one database.
    struct Stores {
        let attempts: any AttemptStoring
        let learners: any LearnerStoring
        let cohorts: any CohortStoring
        let tokens: any TokenStoring
        let scores: any ScoreStoring
    }

    /// Runs `body` with stores over a new, migrated SQLite database, removed afterwards.
    static func withSQLiteStores(_ body: (Stores) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-stores-\(UUID().uuidString).sqlite")
        let database = try Database(path: path.path)
        defer {
            database.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path.path + suffix) }
        }
        try Migrator(directory: TestServer.repositoryRoot.appendingPathComponent("Migrations")).migrate(database)
        try await body(
            Stores(
                attempts: SQLiteAttemptStore(database: database), learners: SQLiteLearnerStore(database: database),
                cohorts: SQLiteCohortStore(database: database), tokens: SQLiteTokenStore(database: database),
                scores: SQLiteScoreStore(database: database)))
    }

    static func attempt(_ questionID: String, in section: CourseSection, _ verdict: Verdict, score: Double)
        -> NewAttempt
    {
        NewAttempt(
            questionID: questionID, section: section, language: "it", answer: "risposta", choice: nil,
            verdict: verdict, score: score, contentVersionID: nil, questionHash: "h")
    }

    @Test func attemptsCreateTheLearnerOnceAndKeepTypedValues() async throws {
        try await Self.withSQLiteStores { stores in
            let first = try await stores.attempts.record(
                Self.attempt("ch3-q1", in: .chapter(3), .partial, score: 0.5), by: .create(language: "it"))
            let issued = try #require(first.issued, "a new learner comes with its token")
            let learnerID = issued.learner.id
            #expect(try stores.learners.learner(token: issued.token)?.id == learnerID)
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

    @Test func readsAndRevealsAreKeptPerSection() async throws {
        try await Self.withSQLiteStores { stores in
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

    @Test func resumeCodesAreSingleUse() async throws {
        try await Self.withSQLiteStores { stores in
            let learner = try await stores.learners.create(displayName: "", language: "it", cohortID: nil)
            let (code, _) = try await stores.learners.makeResumeCode(learnerID: learner.learner.id)
            let redeemed = try #require(try await stores.learners.redeem(resumeCode: code))
            #expect(redeemed.learner.id == learner.learner.id)
            #expect(redeemed.token != learner.token, "a new device token")
            #expect(try await stores.learners.redeem(resumeCode: code) == nil)
        }
    }

    @Test func cohortsJoinAndTokensNeedAnExistingCohort() async throws {
        try await Self.withSQLiteStores { stores in
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
