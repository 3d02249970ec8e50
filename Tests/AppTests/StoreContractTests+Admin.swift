import Foundation
import Testing
import Views

@testable import App

/// The rest of the contract: the admin's stores, content loads, score pages and learner edits, on both engines.
extension StoreContractTests {
    @Test(arguments: Engine.available) func adminSessionsAndSettingsRoundTrip(engine: Engine) async throws {
        try await Self.withStores(engine) { stores in
            #expect(try stores.adminSettings.adminTokenDigest() == nil)
            try stores.adminSettings.saveAdminTokenDigest("aa")
            try stores.adminSettings.saveAdminTokenDigest("bb")
            #expect(try stores.adminSettings.adminTokenDigest() == "bb", "a new digest replaces the old one")

            let (id, session) = try await stores.adminSessions.create(now: 1_000)
            #expect(try await stores.adminSessions.session(id: id, now: 2_000) == session)
            #expect(try await stores.adminSessions.session(id: id, now: session.expiresAt) == nil, "expired")
            #expect(try await stores.adminSessions.session(id: "short", now: 2_000) == nil)
            try await stores.adminSessions.delete(session)
            #expect(try await stores.adminSessions.session(id: id, now: 2_000) == nil)
        }
    }

    @Test(arguments: Engine.available) func theFirstGeneratedAdminDigestIsKept(engine: Engine) async throws {
        try await Self.withStores(engine) { stores in
            let first = try stores.adminSettings.saveAdminTokenDigestIfAbsent("aa")
            let second = try stores.adminSettings.saveAdminTokenDigestIfAbsent("bb")
            #expect(first == "aa")
            #expect(second == "aa", "the first insert wins")
            #expect(try stores.adminSettings.adminTokenDigest() == "aa")
        }
    }

    /// Two nodes starting together on an empty database: both read no digest before either stored one.
    @Test(arguments: Engine.available) func nodesStartingTogetherShareOneAdminToken(engine: Engine) async throws {
        try await Self.withStores(engine) { stores in
            let racing = UnreadAdminSettings(stored: stores.adminSettings)
            let first = try AdminCredentials.resolve(configured: nil, settings: racing)
            let second = try AdminCredentials.resolve(configured: nil, settings: racing)
            let token = try #require(first.generatedToken)
            #expect(second.generatedToken == nil, "only the node whose digest was kept prints a token")
            #expect(first.accepts(token))
            #expect(second.accepts(token), "the second node adopts the first one's token")
            let restarted = try AdminCredentials.resolve(configured: nil, settings: stores.adminSettings)
            #expect(restarted.accepts(token) && restarted.generatedToken == nil)
        }
    }

    @Test(arguments: Engine.available) func contentLoadsAreListedNewestFirst(engine: Engine) async throws {
        try await Self.withStores(engine) { stores in
            let first = try stores.contentVersions.record(
                contentHash: "h1", loadedBy: "startup", outcome: .loaded, report: "ok")
            let second = try stores.contentVersions.record(
                contentHash: "h2", loadedBy: "admin", outcome: .rejected, report: "ch3: bad key")
            #expect(try stores.contentVersions.recent(limit: 10) == [second, first])
            #expect(try await stores.adminConsole.contentVersion(id: first.id) == first)
            #expect(try await stores.adminConsole.contentVersions(limit: 1) == [second])
        }
    }

    @Test(arguments: Engine.available) func scorePagesFollowTheirCursorAndFilters(engine: Engine) async throws {
        try await Self.withStores(engine) { stores in
            let cohort = try await stores.cohorts.create(name: "Team")
            let ada = try await stores.learners.create(displayName: "Ada", language: "it", cohortID: cohort.id)
            let bo = try await stores.learners.create(displayName: "Bo", language: "it", cohortID: nil)
            for (learner, question) in [(ada, "ch1-q1"), (ada, "ch1-q2"), (bo, "ch1-q1")] {
                _ = try await stores.attempts.record(
                    Self.attempt(question, in: .chapter(1), .correct, score: 1), by: .existing(learner.learner.id))
            }
            let firstPage = try await stores.scores.page(cohortID: nil, since: nil, after: nil, limit: 2)
            #expect(firstPage.map(\.questionID) == ["ch1-q1", "ch1-q2"])
            let last = try #require(firstPage.last)
            let cursor = ScoreCursor(learnerID: last.learnerID, questionID: last.questionID)
            let secondPage = try await stores.scores.page(cohortID: nil, since: nil, after: cursor, limit: 2)
            #expect(secondPage.map(\.learnerID) == [bo.learner.id])
            #expect(try await stores.scores.page(cohortID: cohort.id, since: nil, after: nil, limit: 10).count == 2)
            #expect(try await stores.scores.page(cohortID: nil, since: Int64.max, after: nil, limit: 10).isEmpty)
            #expect(firstPage.first?.displayName == "Ada")

            let activity = try await stores.adminConsole.recentAttempts(before: nil, limit: 10)
            #expect(activity.map(\.displayName) == ["Bo", "Ada", "Ada"])
            let older = try await stores.adminConsole.recentAttempts(before: activity[0].attempt.id, limit: 10)
            #expect(older.count == 2)
            let overview = try #require(try await stores.adminConsole.learner(id: ada.learner.id))
            #expect(overview.0.cohortName == "Team")
            #expect(overview.0.attemptCount == 2)
            #expect(overview.1.scores.count == 2)
            #expect(
                try await stores.adminConsole.learners(matching: "AD", limit: 10).map(\.learner.id) == [ada.learner.id])
            #expect(try await stores.adminConsole.attempts(learnerID: ada.learner.id, before: nil, limit: 1).count == 1)
        }
    }

    @Test(arguments: Engine.available) func learnersAreEditedSearchedAndPagedByQuestion(engine: Engine) async throws {
        try await Self.withStores(engine) { stores in
            let issued = try await stores.learners.create(displayName: "Grace", language: "it", cohortID: nil)
            let id = issued.learner.id
            let updated = try #require(try await stores.learners.update(id: id, displayName: nil, language: "es"))
            #expect(updated.displayName == "Grace")
            #expect(updated.language == "es")
            #expect(try await stores.learners.update(id: id + 100, displayName: "X", language: nil) == nil)
            #expect(try stores.learners.search(name: "RAC", limit: 5).map(\.id) == [id])
            #expect(try stores.learners.learner(id: id)?.language == "es")
            #expect(try stores.learners.learner(token: "not-a-token") == nil)
            #expect(!(try await stores.learners.join(learnerID: id + 100, cohortID: 1, displayName: nil)))

            for question in ["ch2-q1", "ch2-q2", "ch2-q1"] {
                _ = try await stores.attempts.record(
                    Self.attempt(question, in: .chapter(2), .incorrect, score: 0), by: .existing(id))
            }
            let onOne = try await stores.attempts.attempts(learnerID: id, after: 0, limit: 10, questionID: "ch2-q1")
            #expect(onOne.count == 2)
            #expect(onOne.map(\.id) == onOne.map(\.id).sorted(), "oldest first")
            #expect(
                try await stores.attempts.recentAttempts(learnerID: id, limit: 2).map(\.questionID) == [
                    "ch2-q1", "ch2-q2",
                ])
            #expect(try await stores.scores.scores(learnerID: id).first?.tries.attempts == 2)
        }
    }
}

/// Admin settings as a node sees them when another node is starting at the same moment: the read finds
/// nothing yet, the writes go to the real store.
private struct UnreadAdminSettings: AdminSettingStoring {
    let stored: any AdminSettingStoring

    func adminTokenDigest() throws(StoreError) -> String? { nil }

    func saveAdminTokenDigest(_ hex: String) throws(StoreError) {
        try stored.saveAdminTokenDigest(hex)
    }

    func saveAdminTokenDigestIfAbsent(_ hex: String) throws(StoreError) -> String {
        try stored.saveAdminTokenDigestIfAbsent(hex)
    }
}
