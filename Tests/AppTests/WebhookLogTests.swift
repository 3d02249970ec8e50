import Foundation
import Locking
import Testing

@testable import App

/// The real server's log while webhooks and xAPI pushes fail and succeed: no signing secret, no LRS
/// password, in any line.
@Suite(.serialized) struct WebhookLogTests {
    @Test func neitherTheWebhookSecretNorTheLRSPasswordIsLogged() async throws {
        let binary = LogFormatTests.executable
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build folio: \(binary.path)")
        let receiver = try WebhookReceiver(script: [.status(500)])
        defer { receiver.stop() }
        let store = try WebhookReceiver(script: [.status(503)])
        defer { store.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-hooklog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = TestServer.repositoryRoot
        let password = "LRS-PASSWORD-SECRET-7"
        let process = Process()
        process.executableURL = binary
        process.arguments = [
            "serve", "--port", "0", "--event-loops", "1",
            "--db", directory.appendingPathComponent("folio.sqlite").path,
            "--content", root.appendingPathComponent("Content").path,
            "--public", root.appendingPathComponent("Public").path,
            "--migrations", root.appendingPathComponent("Migrations").path,
            "--xapi-endpoint", store.url("/lrs"), "--xapi-username", "folio",
        ]
        var environment = ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") }
        environment["FOLIO_ADMIN_TOKEN"] = TestServer.adminToken
        environment["FOLIO_XAPI_PASSWORD"] = password
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let output = Locked<[UInt8]>([])
        let reader = Thread {
            while true {
                let data = errors.fileHandleForReading.availableData
                if data.isEmpty { return }
                output.withLock { $0.append(contentsOf: data) }
            }
        }
        try process.run()
        reader.start()
        defer { if process.isRunning { process.terminate() } }
        var port: Int?
        let prefix = "listening on http://127.0.0.1:"
        for _ in 0..<600 where port == nil {
            let text = String(decoding: output.withLock { $0 }, as: UTF8.self)
            if let end = text.firstIndex(of: "\n") {
                port = Int(text[..<end].dropFirst(prefix.count))
            } else {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        let client = TestClient(port: try #require(port))
        let hook = try await OutboxDeliveryTests.register(client, url: receiver.url(), events: ["attempt.graded"])
        let learner = try await client.createLearner("Logged")
        try await OutboxDeliveryTests.answer(client, learner.token, "ch0-q1", "in alto e in basso")
        // The default backoff retries after 2.5 to 5 s: the receiver fails once, then accepts.
        for _ in 0..<600 where receiver.requests.count < 2 { try await Task.sleep(for: .milliseconds(50)) }
        #expect(receiver.requests.count == 2)
        #expect(store.requests.first?.headers["authorization"] != nil)

        process.terminate()
        for _ in 0..<200 where process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        try await Task.sleep(for: .milliseconds(100))
        let text = String(decoding: output.withLock { $0 }, as: UTF8.self)
        #expect(text.contains("delivery failed; will retry"))
        #expect(text.contains("delivery sent"))
        let key = String(hook.secret.dropFirst("whsec_".count))
        for secret in [hook.secret, key, String(key.prefix(16)), password] {
            #expect(!text.contains(secret), "the log holds a secret: \(secret.prefix(6))…")
        }
    }
}
