import Foundation
import Testing

@testable import App

/// Deliveries through the outbox to receivers on 127.0.0.1: retried after a timeout, a 500 and a reset
/// with the same `webhook-id` until delivered, never redirected, signed as Standard Webhooks specifies.
@Suite(.serialized) struct OutboxDeliveryTests {
    /// Retries within a test's patience: 1 s per try, 50 ms polls, retry delays of at most 100 ms.
    static func quickOutbox(_ configuration: inout Configuration) {
        configuration.outbox.pollInterval = 0.05
        configuration.outbox.connectTimeout = 1
        configuration.outbox.totalTimeout = 1
        configuration.outbox.firstRetryDelay = 0.05
        configuration.outbox.maximumDelay = 0.1
        configuration.outbox.overdueCheckInterval = 0.1
    }

    /// Registers a webhook and returns its id and secret.
    static func register(_ client: TestClient, url: String, events: [String]) async throws -> (id: Int, secret: String)
    {
        let response = try await client.perform(
            "POST", "/api/v1/admin/webhooks", json: ["url": url, "events": events], bearer: TestServer.adminToken)
        let json = try response.json()
        return (try #require(json["id"] as? Int), try #require(json["secret"] as? String))
    }

    /// The webhook's deliveries once `done` holds for them (checked every 50 ms, for at most 60 s).
    static func deliveries(
        _ client: TestClient, webhook: Int, until done: ([[String: Any]]) -> Bool
    ) async throws -> [[String: Any]] {
        for _ in 0..<1200 {
            // A fresh connection each time: a kept-alive one may have idled out while the test waited.
            let response = try await TestClient(port: client.port).perform(
                "GET", "/api/v1/admin/webhooks/\(webhook)/deliveries", bearer: TestServer.adminToken)
            let rows = try #require(try response.json()["deliveries"] as? [[String: Any]])
            if done(rows) { return rows }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("deliveries never reached the expected state")
        return []
    }

    static func answer(_ client: TestClient, _ learner: String, _ question: String, _ text: String) async throws {
        let response = try await client.perform(
            "POST", "/api/v1/it/checkpoints/\(question)/attempts", json: ["answer": text], bearer: learner)
        #expect(response.status == 200, "\(question): \(response.text)")
    }

    @Test func aTimeoutA500AndAResetAreRetriedWithTheSameIDUntilDelivered() async throws {
        let receiver = try WebhookReceiver(script: [.silence(seconds: 3), .status(500), .reset])
        defer { receiver.stop() }
        let server = try TestServer(configure: Self.quickOutbox)
        let client = server.client()
        let hook = try await Self.register(client, url: receiver.url(), events: ["attempt.graded"])
        let learner = try await client.createLearner("Grace Hopper")
        try await Self.answer(client, learner.token, "ch0-q1", "in alto e in basso")

        let rows = try await Self.deliveries(client, webhook: hook.id) { $0.first?["state"] as? String == "delivered" }
        #expect(rows.count == 1)
        #expect(rows.first?["attempts"] as? Int == 4)
        #expect(rows.first?["last_status"] as? Int == 200)
        let requests = receiver.requests
        #expect(requests.count == 4)
        let ids = Set(requests.compactMap { $0.headers["webhook-id"] })
        #expect(ids.count == 1 && ids.first == rows.first?["id"] as? String, "one webhook-id on every retry")
        #expect(Set(requests.map(\.body)).count == 1, "the same body on every retry")
        let last = try #require(requests.last)
        let secret = try #require(WebhookSecret(shown: hook.secret))
        let timestamp = try #require(Int64(last.headers["webhook-timestamp"] ?? ""))
        let id = try #require(last.headers["webhook-id"])
        #expect(last.headers["webhook-signature"] == secret.signature(id: id, timestamp: timestamp, body: last.body))
        let body = try #require(try JSONSerialization.jsonObject(with: Data(last.body)) as? [String: Any])
        #expect(body["type"] as? String == "attempt.graded")
        let data = try #require(body["data"] as? [String: Any])
        let named = try #require(data["learner"] as? [String: Any])
        #expect(named["display_name"] as? String == "Grace Hopper")
        #expect(named["id"] as? Int == Int(learner.id))
        await server.stop()
    }

    @Test func redirectsAreNotFollowed() async throws {
        let target = try WebhookReceiver()
        defer { target.stop() }
        let receiver = try WebhookReceiver(script: Array(repeating: .redirect(target.url("/elsewhere")), count: 50))
        defer { receiver.stop() }
        let server = try TestServer(configure: Self.quickOutbox)
        let client = server.client()
        let hook = try await Self.register(client, url: receiver.url(), events: ["attempt.graded"])
        let learner = try await client.createLearner("Linus")
        try await Self.answer(client, learner.token, "ch0-q1", "di lato")
        let rows = try await Self.deliveries(client, webhook: hook.id) { ($0.first?["attempts"] as? Int ?? 0) >= 2 }
        #expect(rows.first?["state"] as? String == "pending")
        #expect(rows.first?["last_status"] as? Int == 302)
        #expect(target.requests.isEmpty, "the Location was never requested")
        await server.stop()
    }

    @Test func completingTheCohortPlanAndMissingItsDueDateAreAnnounced() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let server = try TestServer(configure: Self.quickOutbox)
        let client = server.client()
        // Due yesterday only once Done has finished: until then Done would rightly be overdue too.
        let created = try await client.perform(
            "POST", "/api/v1/admin/cohorts", json: ["name": "Onboarding", "required": ["ch0"]],
            bearer: TestServer.adminToken)
        #expect(created.status == 201)
        let cohort = try created.json()
        let code = try #require(cohort["join_code"] as? String)
        let cohortID = try #require(cohort["id"] as? Int)
        let hook = try await Self.register(
            client, url: receiver.url(), events: ["learner.completed", "cohort.overdue"])
        let done = try await client.createLearner("Done", cohortCode: code)
        let idle = try await client.createLearner("Idle", cohortCode: code)
        for (question, text) in [("ch0-q1", "in alto e in basso"), ("ch0-q2", "1"), ("ch0-q3", "No")] {
            try await Self.answer(client, done.token, question, text)
        }
        let yesterday = DueDate(containing: WallClock.nowMilliseconds() - 86_400_000).text
        let changed = try await client.perform(
            "PATCH", "/api/v1/admin/cohorts/\(cohortID)", json: ["due_date": yesterday], bearer: TestServer.adminToken)
        #expect(changed.status == 200)
        let rows = try await Self.deliveries(client, webhook: hook.id) { rows in
            rows.count >= 2 && rows.allSatisfy { $0["state"] as? String == "delivered" }
        }
        #expect(rows.compactMap { $0["event"] as? String }.sorted() == ["cohort.overdue", "learner.completed"])
        let bodies = receiver.requests.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any]
        }
        let learners = Dictionary(
            bodies.map { body in
                let data = body["data"] as? [String: Any]
                return (body["type"] as? String ?? "", (data?["learner"] as? [String: Any])?["id"] as? Int)
            }, uniquingKeysWith: { first, _ in first })
        #expect(learners["learner.completed"] == Int(done.id))
        #expect(learners["cohort.overdue"] == Int(idle.id))
        // The check keeps running; the overdue learner is announced once.
        try await Task.sleep(for: .milliseconds(500))
        #expect(
            receiver.requests.filter { String(decoding: $0.body, as: UTF8.self).contains("cohort.overdue") }.count == 1)
        await server.stop()
    }

    @Test func statementsArePushedToTheRecordStoreWithBasicAuth() async throws {
        let store = try WebhookReceiver()
        defer { store.stop() }
        let server = try TestServer { configuration in
            Self.quickOutbox(&configuration)
            configuration.recordStore = RecordStoreEndpoint(
                endpoint: store.url("/xapi/"), username: "folio", password: "lrs-pass")
        }
        let client = server.client()
        let learner = try await client.createLearner("Ada")
        try await Self.answer(client, learner.token, "ch0-q1", "in alto e in basso")
        for _ in 0..<600 where store.requests.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
        let push = try #require(store.requests.first)
        #expect(push.path == "/xapi/statements")
        #expect(push.headers["authorization"] == "Basic " + Data("folio:lrs-pass".utf8).base64EncodedString())
        #expect(push.headers["x-experience-api-version"] == "1.0.3")
        #expect(push.headers["webhook-signature"] == nil)
        let pushed = try #require(try JSONSerialization.jsonObject(with: Data(push.body)) as? [String: Any])
        let listed = try await client.perform("GET", "/api/v1/xapi/statements", bearer: TestServer.adminToken).json()
        let statement = try #require((listed["statements"] as? [[String: Any]])?.first)
        #expect(pushed["id"] as? String == statement["id"] as? String, "the same statement id either way")
        await server.stop()
    }
}
