import Foundation
import SQLite
import Testing

@testable import App

@Suite struct AttemptAPITests {
    @Test func aCorrectAnswerIsGradedStoredAndGivesTheLearnerACookie() async throws {
        let server = try TestApp()
        let client = server.client()
        let response = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "In alto e in basso"])
        #expect(response.status == 200)
        let json = try response.json()
        #expect(json["verdict"] as? String == "correct")
        #expect(json["score"] as? Double == 1)
        #expect(
            json["reference"] as? String
                == "Le barre di sistema dello schermo interno in verticale stanno in alto e in basso.")
        #expect(json.keys.contains("reason") && json["reason"] is NSNull, "reason is present, null when none")
        let cookie = try #require(response.header("Set-Cookie"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
        let token = try #require(client.cookies[LearnerIdentity.cookieName])
        let database = try Database(path: server.databasePath)
        let stored: Int64? = try await database.read { try $0.scalar(sql: "SELECT count(*) FROM attempts") }
        #expect(stored == 1)
        let plain: Int64? = try await database.read {
            try $0.scalar(
                sql: "SELECT count(*) FROM learner_tokens WHERE token_hash = ? OR hex(token_hash) = ?",
                arguments: [Array(token.utf8), token.uppercased()])
        }
        #expect(plain == 0)
        database.close()
        let second = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "Di lato"])
        #expect(second.status == 200)
        #expect(second.header("Set-Cookie") == nil)
        #expect(try second.json()["verdict"] as? String == "incorrect")
        let hedged = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "In alto e in basso oppure di lato"])
        #expect(try hedged.json()["reason"] as? String == "ambiguous")
        await server.stop()
    }

    @Test(arguments: [
        ("{\"answer\": ", 400, "invalid_json"),
        ("[1, 2", 400, "invalid_json"),
        ("{}", 422, "missing_answer"),
        ("{\"answer\": \"   \"}", 422, "missing_answer"),
        ("{\"answer\": 5}", 422, "invalid_field"),
        ("{\"choice\": \"nonsense\"}", 422, "unknown_choice"),
    ])
    func badSubmissionsGetPreciseErrors(body: String, status: Int, code: String) async throws {
        let server = try TestApp()
        let response = try await server.client().perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", headers: [("Content-Type", "application/json")],
            body: Array(body.utf8))
        #expect(response.status == status)
        let error = try #require(try response.json()["error"] as? [String: Any])
        #expect(error["code"] as? String == code)
        await server.stop()
    }

    @Test func oversizedAnswersAndUnknownQuestionsAreRefused() async throws {
        let server = try TestApp()
        let client = server.client()
        let long = String(repeating: "a", count: 5000)
        #expect(
            try await client.perform("POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": long]).status
                == 413)
        #expect(
            try await client.perform("POST", "/api/v1/it/checkpoints/ch0-q9/attempts", json: ["answer": "x"]).status
                == 404)
        #expect(
            try await client.perform("POST", "/api/v1/xx/checkpoints/ch0-q1/attempts", json: ["answer": "x"]).status
                == 404)
        await server.stop()
    }

    @Test func concurrentLearnersHaveEveryAcknowledgedAttemptStoredOnce() async throws {
        let server = try TestServer()
        let port = server.port
        let acknowledged = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await Blocking.run { try Self.answerTenTimes(port: port) }
                }
            }
            var all: [Int64] = []
            for try await ids in group { all += ids }
            return all
        }
        #expect(acknowledged.count == 200)
        #expect(Set(acknowledged).count == 200)
        let database = try Database(path: server.databasePath)
        let rows: Int64? = try await database.read { try $0.scalar(sql: "SELECT count(*) FROM attempts") }
        let learners: Int64? = try await database.read { try $0.scalar(sql: "SELECT count(*) FROM learners") }
        let passed: Int64? = try await database.read { try $0.scalar(sql: "SELECT sum(passed) FROM question_scores") }
        database.close()
        #expect(rows == 200)
        #expect(learners == 20)
        #expect(passed == 20)
        await server.stop()
    }

    /// One learner's ten answers over its own connection (run on a thread of its own: it blocks).
    private static func answerTenTimes(port: Int) throws -> [Int64] {
        let client = TestClient(port: port)
        var ids: [Int64] = []
        for index in 0..<10 {
            let answer = index.isMultiple(of: 2) ? "in alto e in basso" : "di lato"
            let response = try client.postJSON("/api/v1/it/checkpoints/ch0-q1/attempts", ["answer": answer])
            if response.status == 200, let id = try response.json()["attempt_id"] as? Int { ids.append(Int64(id)) }
        }
        return ids
    }
}
