import Foundation
import Testing

@testable import App

/// The real server's log while webhooks and xAPI pushes fail and succeed: no signing secret, no LRS
/// password, in any line.
@Suite(.serialized) struct WebhookLogTests {
    /// Two webhooks, one refusing (500) and one accepting, and a learning record store that refuses (503), so
    /// one graded attempt logs a failed try of each kind and a sent one at once. (A retry of the same delivery
    /// logs the same lines; waiting out the default 2.5-5 s backoff here added nothing. OutboxDeliveryTests
    /// covers the retries.)
    @Test func neitherTheWebhookSecretNorTheLRSPasswordIsLogged() async throws {
        let refusing = try WebhookReceiver(script: [.status(500)])
        defer { refusing.stop() }
        let accepting = try WebhookReceiver()
        defer { accepting.stop() }
        let store = try WebhookReceiver(script: [.status(503)])
        defer { store.stop() }
        let password = "LRS-PASSWORD-SECRET-7"
        let child = try FolioProcess(
            arguments: ["--event-loops", "1", "--xapi-endpoint", store.url("/lrs"), "--xapi-username", "folio"],
            environment: ["FOLIO_XAPI_PASSWORD": password])
        let client = TestClient(port: try await child.port())
        var hooks: [(id: Int, secret: String)] = []
        for receiver in [refusing, accepting] {
            hooks.append(
                try await OutboxDeliveryTests.register(client, url: receiver.url(), events: ["attempt.graded"]))
        }
        let learner = try await client.createLearner("Logged")
        try await OutboxDeliveryTests.answer(client, learner.token, "ch0-q1", "in alto e in basso")
        func occurrences(_ line: String) -> Int { child.standardError.components(separatedBy: line).count - 1 }
        for _ in 0..<600 where occurrences("delivery failed; will retry") < 2 || occurrences("delivery sent") < 1 {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(refusing.requests.count == 1 && accepting.requests.count == 1)
        #expect(store.requests.first?.headers["authorization"] != nil)

        let text = try await child.terminate()
        #expect(occurrences("delivery failed; will retry") >= 2, "the refusing webhook and the store: \(text)")
        #expect(text.contains("delivery sent"))
        for hook in hooks {
            let key = String(hook.secret.dropFirst("whsec_".count))
            for secret in [hook.secret, key, String(key.prefix(16))] {
                #expect(!text.contains(secret), "the log holds a secret: \(secret.prefix(6))…")
            }
        }
        #expect(!text.contains(password), "the log holds the LRS password")
    }
}
