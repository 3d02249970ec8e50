import Foundation
import Testing

@testable import App

/// Webhooks, the outbox and xAPI on PostgreSQL with two nodes (two workers on one outbox), skipped without
/// `FOLIO_TEST_DATABASE_URL`.
@Suite(.serialized, .enabled(if: TestPostgres.isAvailable, "FOLIO_TEST_DATABASE_URL names a test cluster"))
struct PostgresWebhookTests {
    @Test func twoNodesDeliverEachEventOnceAfterARetryAndAnnounceOverdueOnce() async throws {
        let receiver = try WebhookReceiver(script: [.status(500)])
        defer { receiver.stop() }
        let (connectionString, schema) = try TestPostgres.makeSchema()
        defer { try? TestPostgres.dropSchema(schema) }
        let configure: (inout Configuration) -> Void = {
            OutboxDeliveryTests.quickOutbox(&$0)
            $0.databaseURL = connectionString.connectionInfo
        }
        let first = try TestServer(configure: configure)
        let second = try TestServer(configure: configure)
        let one = first.client()
        let other = second.client()
        let yesterday = DueDate(containing: WallClock.nowMilliseconds() - 86_400_000).text
        let created = try await one.perform(
            "POST", "/api/v1/admin/cohorts", json: ["name": "Late", "due_date": yesterday, "required": ["ch0"]],
            bearer: TestServer.adminToken)
        let code = try #require(try created.json()["join_code"] as? String)
        let hook = try await OutboxDeliveryTests.register(
            one, url: receiver.url(), events: ["attempt.graded", "cohort.overdue"])
        let learner = try await other.createLearner("Pat", cohortCode: code)
        try await OutboxDeliveryTests.answer(other, learner.token, "ch0-q1", "in alto e in basso")

        let rows = try await OutboxDeliveryTests.deliveries(one, webhook: hook.id) { rows in
            rows.count == 2 && rows.allSatisfy { $0["state"] as? String == "delivered" }
        }
        #expect(rows.compactMap { $0["event"] as? String }.sorted() == ["attempt.graded", "cohort.overdue"])
        try await Task.sleep(for: .milliseconds(500))
        let requests = receiver.requests
        #expect(requests.count == 3, "two events, one retried once; the second node's check adds nothing")
        let secret = try #require(WebhookSecret(shown: hook.secret))
        for request in requests {
            let id = try #require(request.headers["webhook-id"])
            let timestamp = try #require(Int64(request.headers["webhook-timestamp"] ?? ""))
            #expect(
                request.headers["webhook-signature"]
                    == secret.signature(id: id, timestamp: timestamp, body: request.body))
        }

        let listing = try await other.perform("GET", "/api/v1/xapi/statements", bearer: TestServer.adminToken).json()
        let statements = try #require(listing["statements"] as? [[String: Any]])
        #expect(statements.count == 1)
        #expect(
            (statements.first?["actor"] as? [String: Any]).flatMap { $0["account"] as? [String: Any] }?["name"]
                as? String == String(learner.id))
        await first.stop()
        await second.stop()
    }
}
