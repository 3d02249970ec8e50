import Foundation
import Testing

@testable import App

/// The console's Webhooks page: register through the form (secret shown once), see the deliveries with
/// their outcomes, delete.
@Suite(.serialized) struct WebhookConsoleTests {
    @Test func theConsoleRegistersListsDeliveriesAndDeletes() async throws {
        let receiver = try WebhookReceiver(script: [.status(500)])
        defer { receiver.stop() }
        let server = try TestServer(configure: OutboxDeliveryTests.quickOutbox)
        let admin = server.client()
        let csrf = try await AdminTestSupport.signIn(admin)
        let refused = try await AdminTestSupport.post(
            admin, "/admin/webhooks", [("csrf", csrf), ("url", "ftp://x/y"), ("events", "attempt.graded")])
        #expect(refused.status == 422)
        let created = try await AdminTestSupport.post(
            admin, "/admin/webhooks",
            [("csrf", csrf), ("url", receiver.url()), ("events", "attempt.graded"), ("events", "cohort.overdue")])
        #expect(created.status == 201)
        let secret = try #require(created.text.range(of: "whsec_[A-Za-z0-9+/=]+", options: .regularExpression))
        let shown = String(created.text[secret])

        let learner = try await server.client().createLearner("Console <b>tester</b>")
        try await OutboxDeliveryTests.answer(server.client(), learner.token, "ch0-q1", "di lato")
        var page = ""
        for _ in 0..<600 {
            page = try await admin.perform("GET", "/admin/webhooks").text
            if page.contains("delivered") { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(page.contains(receiver.url()))
        #expect(page.contains("attempt.graded, cohort.overdue"))
        #expect(page.contains("delivered"), "the retried delivery is listed with its outcome")
        #expect(page.contains("HTTP 200"))
        #expect(!page.contains(shown), "the secret is shown only once")

        let webhooks = try await admin.perform("GET", "/api/v1/admin/webhooks", bearer: TestServer.adminToken).json()
        let id = try #require((webhooks["webhooks"] as? [[String: Any]])?.first?["id"] as? Int)
        let deleted = try await AdminTestSupport.post(admin, "/admin/webhooks/\(id)/delete", [("csrf", csrf)])
        #expect(deleted.status == 303)
        #expect(!(try await admin.perform("GET", "/admin/webhooks").text.contains(receiver.url())))
        await server.stop()
    }
}
