import Foundation
import Testing

@testable import App

/// Webhook registration (422s, the secret shown once), Standard Webhooks signatures, the retry schedule and
/// what an attempt announces.
@Suite(.serialized) struct WebhookTests {
    /// The example of the Standard Webhooks reference libraries (their test suites sign it the same way).
    @Test func signatureMatchesTheStandardWebhooksExample() throws {
        let secret = try #require(WebhookSecret(shown: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))
        let signature = secret.signature(
            id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: Array(#"{"test": 2432232314}"#.utf8))
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    }

    @Test func aSecretRoundTripsAndNeverDescribesItsKey() throws {
        let secret = WebhookSecret.generate()
        #expect(secret.key.count == 32)
        #expect(secret.shown.hasPrefix("whsec_"))
        #expect(WebhookSecret(shown: secret.shown) == secret)
        #expect(!"\(secret)".contains(String(secret.shown.dropFirst(6).prefix(8))))
        #expect(WebhookSecret(shown: "whsec_") == nil)
        #expect(WebhookSecret(shown: "sk_abc") == nil)
    }

    @Test func retriesBackOffExponentiallyWithJitterForADay() {
        var policy = OutboxPolicy()
        policy.firstRetryDelay = 5
        policy.maximumDelay = 3600
        let created: Int64 = 1_000_000
        let first = policy.nextAttempt(afterAttempts: 1, createdAt: created, now: created, random: 0.999)
        let second = policy.nextAttempt(afterAttempts: 2, createdAt: created, now: created, random: 0.999)
        let low = policy.nextAttempt(afterAttempts: 2, createdAt: created, now: created, random: 0)
        #expect(first.map { $0 - created } == 4_997)
        #expect(second.map { $0 - created } == 9_995)
        #expect(low.map { $0 - created } == 5_000)
        let late = policy.nextAttempt(afterAttempts: 30, createdAt: created, now: created, random: 0.999)
        #expect(late.map { $0 - created } == 3_598_200, "capped at an hour")
        let nearEnd = created + 86_400_000 - 1_000
        #expect(
            policy.nextAttempt(afterAttempts: 20, createdAt: created, now: nearEnd, random: 0.5) == created + 86_400_000
        )
        #expect(
            policy.nextAttempt(afterAttempts: 21, createdAt: created, now: created + 86_400_000, random: 0.5) == nil)
    }

    @Test func registrationShowsTheSecretOnceAndListsWithoutIt() async throws {
        let server = try TestServer()
        let client = server.client()
        let created = try await client.perform(
            "POST", "/api/v1/admin/webhooks",
            json: ["url": "https://hooks.example/folio?x=1", "events": ["attempt.graded", "learner.completed"]],
            bearer: TestServer.adminToken)
        #expect(created.status == 201)
        let json = try created.json()
        let secret = try #require(json["secret"] as? String)
        #expect(secret.hasPrefix("whsec_"))
        #expect(Data(base64Encoded: String(secret.dropFirst(6)))?.count == 32)
        #expect(json["url"] as? String == "https://hooks.example/folio?x=1")
        #expect(json["events"] as? [String] == ["attempt.graded", "learner.completed"])
        let id = try #require(json["id"] as? Int)

        let list = try await client.perform("GET", "/api/v1/admin/webhooks", bearer: TestServer.adminToken)
        #expect(list.status == 200)
        #expect(!list.text.contains(secret))
        #expect(!list.text.contains("secret"))
        let hooks = try #require(try list.json()["webhooks"] as? [[String: Any]])
        #expect(hooks.compactMap { $0["id"] as? Int } == [id])

        #expect(
            try await client.perform("DELETE", "/api/v1/admin/webhooks/\(id)", bearer: TestServer.adminToken).status
                == 204)
        #expect(
            try await client.perform("DELETE", "/api/v1/admin/webhooks/\(id)", bearer: TestServer.adminToken).status
                == 404)
        let after = try await client.perform("GET", "/api/v1/admin/webhooks", bearer: TestServer.adminToken)
        #expect((try after.json()["webhooks"] as? [Any])?.isEmpty == true)
        await server.stop()
    }

    @Test func urlsThatAreNotHTTPAndUnknownEventsAre422NamingTheField() async throws {
        let server = try TestServer()
        let client = server.client()
        let badURLs = [
            "ftp://hooks.example/x", "javascript:alert(1)", "hooks.example/x", "http://",
            "https://user:pw@hooks.example/",
            "file:///etc/passwd", "http://hooks.example/a b",
        ]
        for url in badURLs {
            let response = try await client.perform(
                "POST", "/api/v1/admin/webhooks", json: ["url": url, "events": ["attempt.graded"]],
                bearer: TestServer.adminToken)
            #expect(response.status == 422, "\(url)")
            #expect(response.errorCode == "invalid_field")
            #expect(response.text.contains("url"), "\(url)")
        }
        for events in [[], ["attempt.graded", "learner.finished"]] {
            let response = try await client.perform(
                "POST", "/api/v1/admin/webhooks", json: ["url": "http://127.0.0.1:9/x", "events": events],
                bearer: TestServer.adminToken)
            #expect(response.status == 422, "\(events)")
            #expect(response.text.contains("events"))
        }
        let list = try await client.perform("GET", "/api/v1/admin/webhooks", bearer: TestServer.adminToken)
        #expect((try list.json()["webhooks"] as? [Any])?.isEmpty == true)
        await server.stop()
    }

    @Test func anAttemptAnnouncesCompletionOnlyWhenItPassesTheLastRequiredQuestion() {
        let announcement = AttemptAnnouncement(
            requiredQuestions: { _ in ["ch0-q1", "ch0-q2"] }, policy: ScoringPolicy(), origin: "https://folio.example",
            pushesStatements: false)
        let attempt = Attempt(
            id: 7, learnerID: 3, questionID: "ch0-q2", section: .chapter(0), language: "it", answer: "1", choice: nil,
            verdict: .correct, score: 1, contentVersionID: nil, questionHash: "h", createdAt: 1_700_000_000_000)
        let learner = AttemptAnnouncement.LearnerFacts(id: 3, displayName: "Ada", cohortID: 2)
        var passed = QuestionTries()
        passed.add(score: 1, correct: true, at: 1)
        var failed = QuestionTries()
        failed.add(score: 0, correct: false, at: 1)

        let completing = announcement.messages(
            for: attempt, learner: learner, before: failed, after: ["ch0-q1": passed, "ch0-q2": passed])
        #expect(completing.map(\.event) == ["attempt.graded", "learner.completed"])
        #expect(completing[1].payload.contains(#""display_name":"Ada""#))
        #expect(completing[1].payload.hasPrefix(#"{"type":"learner.completed","timestamp":""#))

        let missingOne = announcement.messages(
            for: attempt, learner: learner, before: nil, after: ["ch0-q1": failed, "ch0-q2": passed])
        #expect(missingOne.map(\.event) == ["attempt.graded"])
        let again = announcement.messages(
            for: attempt, learner: learner, before: passed, after: ["ch0-q1": passed, "ch0-q2": passed])
        #expect(again.map(\.event) == ["attempt.graded"], "completed once, not on every later try")

        var pushing = announcement
        pushing.pushesStatements = true
        let statements = pushing.messages(for: attempt, learner: learner, before: nil, after: [:])
        #expect(statements.map(\.audience) == [.subscribers(.attemptGraded), .recordStore])
    }
}
