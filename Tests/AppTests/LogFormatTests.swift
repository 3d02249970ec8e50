import Foundation
import Locking
import SQLite
import Testing

@testable import App

/// Runs the real `folio` executable with `--log-format json` and reads its standard error.
@Suite(.serialized) struct LogFormatTests {
    /// The `folio` executable built beside this test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("folio")
    }

    @Test func everyLogLineIsAJSONObjectAndNoSecretIsEverLogged() async throws {
        let binary = Self.executable
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path), "build the folio product: \(binary.path)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = TestServer.repositoryRoot
        let process = Process()
        process.executableURL = binary
        process.arguments = [
            "serve", "--port", "0", "--event-loops", "1", "--log-format", "json",
            "--db", directory.appendingPathComponent("folio.sqlite").path,
            "--content", root.appendingPathComponent("Content").path,
            "--public", root.appendingPathComponent("Public").path,
            "--migrations", root.appendingPathComponent("Migrations").path,
        ]
        // Sanitizer settings pass through, so a sanitizer build of the child reports like the test process.
        var environment = ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") }
        environment["FOLIO_ADMIN_TOKEN"] = TestServer.adminToken
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
        var firstLine = ""
        for _ in 0..<600 where firstLine.isEmpty {
            let text = String(decoding: output.withLock { $0 }, as: UTF8.self)
            if let end = text.firstIndex(of: "\n") {
                firstLine = String(text[..<end])
            } else {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        let prefix = "listening on http://127.0.0.1:"
        #expect(firstLine.hasPrefix(prefix), "the contract line stays plain text: \(firstLine)")
        let port = try #require(Int(firstLine.dropFirst(prefix.count)))

        let answer = "SECRET-ANSWER-42 \"quoted\""
        let joinCode = "SECRETJOINCODE0123456789"
        let admin = TestClient(port: port)
        #expect(
            try await AdminTestSupport.post(admin, "/admin/login", [("token", "wrong-token-SECRET-1")]).status == 401)
        let csrf = try await AdminTestSupport.signIn(admin)
        let session = try #require(admin.cookies[AdminAccess.cookieName])
        let learner = try await TestClient(port: port).createLearner("Quote \" and\nnewline")
        let graded = try await TestClient(port: port).perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": answer], bearer: learner.token)
        #expect(graded.status == 200)
        _ = try await TestClient(port: port).perform("GET", "/join/\(joinCode)")
        #expect(try await TestClient(port: port).perform("GET", "/x%0Ay%22z%5C").status >= 400)
        #expect(try await TestClient(port: port).perform("GET", "/x%22y%5Cz").status == 404)
        #expect(
            try await TestClient(port: port).perform(
                "POST", "/admin/reload", headers: [("Authorization", "Bearer wrong-bearer-SECRET-2")]
            ).status == 401)
        let reload = try await AdminTestSupport.slowRequest(
            port: port, "POST", "/admin/reload",
            headers: [AdminTestSupport.formType, ("Cookie", "\(AdminAccess.cookieName)=\(session)")],
            body: AdminTestSupport.form([("csrf", csrf)]))
        #expect(reload.status == 303)

        process.terminate()
        for _ in 0..<200 where process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!process.isRunning)
        try await Task.sleep(for: .milliseconds(100))
        let text = String(decoding: output.withLock { $0 }, as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init).dropFirst()
        #expect(lines.count >= 10)
        var messages: [String] = []
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not a JSON object: \(line)")
            #expect(object?["time"] is String && object?["level"] is String, "\(line)")
            if let message = object?["msg"] as? String { messages.append(message) }
        }
        #expect(messages.contains("admin sign-in refused") && messages.contains("content reloaded"))
        #expect(messages.contains("request"))
        let secrets = [
            TestServer.adminToken, "wrong-token-SECRET-1", "wrong-bearer-SECRET-2", session, csrf, learner.token,
            "SECRET-ANSWER-42", joinCode,
        ]
        for secret in secrets {
            #expect(!text.contains(secret), "the log holds a secret: \(secret.prefix(12))…")
        }
        #expect(text.contains("/join/[redacted]"))
    }
}
