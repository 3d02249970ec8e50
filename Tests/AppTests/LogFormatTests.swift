import Foundation
import SQLite
import Testing

@testable import App

/// Runs the real `folio` executable with `--log-format json` and reads its standard error.
@Suite(.serialized) struct LogFormatTests {
    @Test func everyLogLineIsAJSONObjectAndNoSecretIsEverLogged() async throws {
        let child = try FolioProcess(arguments: ["--event-loops", "1", "--log-format", "json"])
        let firstLine = try await child.firstLine()
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

        let text = try await child.terminate()
        #expect(!child.process.isRunning)
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
