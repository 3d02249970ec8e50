import Foundation
import SQLite
import Testing

@testable import App

/// 50 learners × 40 attempts at once, each learner on its own thread and connection, honouring the
/// production rate limits (30 attempts in a burst, then 10 per second): every acknowledged attempt is
/// stored exactly once and every per-question score matches what the learner was told.
@Suite(.serialized) struct ConcurrencyTests {
    static let learners = 50
    static let attemptsEach = 40
    static let plan: [(question: String, answer: String)] = [
        ("ch0-q1", "in alto e in basso"), ("ch0-q1", "di lato"), ("ch0-q2", "non lo so"), ("ch0-q3", "forse"),
        ("ch1-q1", "una risposta"), ("ch0-q2", "sei posture"),
    ]

    struct Acknowledged: Sendable {
        var learnerID: Int64
        var attemptID: Int64
        var question: String
        var verdict: String
        var score: Double
    }

    @Test(.timeLimit(.minutes(5))) func fiftyLearnersAnsweringAtOnceLoseNothing() async throws {
        let server = try TestServer()
        let port = server.port
        let acknowledged = try await withThrowingTaskGroup(of: [Acknowledged].self) { group in
            for index in 0..<Self.learners {
                group.addTask { try await Blocking.run { try Self.learnerSession(index: index, port: port) } }
            }
            var all: [Acknowledged] = []
            for try await part in group { all += part }
            return all
        }
        #expect(acknowledged.count == Self.learners * Self.attemptsEach)
        #expect(Set(acknowledged.map(\.attemptID)).count == acknowledged.count)

        let (stored, scores): ([Int64: Int64], [String: QuestionScore]) = try await #require(server.services.database)
            .read {
                connection in
                var stored: [Int64: Int64] = [:]
                for row in try connection.query(sql: "SELECT id, learner_id FROM attempts") {
                    stored[try row["id"]] = try row["learner_id"]
                }
                var scores: [String: QuestionScore] = [:]
                for row in try connection.query(sql: "SELECT * FROM question_scores") {
                    let score = try QuestionScore(row: row)
                    scores["\(score.learnerID)/\(score.questionID)"] = score
                }
                return (stored, scores)
            }
        #expect(stored.count == acknowledged.count, "no attempt stored twice or lost")
        #expect(acknowledged.allSatisfy { stored[$0.attemptID] == $0.learnerID })

        let expected = Dictionary(grouping: acknowledged) { "\($0.learnerID)/\($0.question)" }
        #expect(scores.count == expected.count)
        for (key, attempts) in expected {
            let score = try #require(scores[key], "\(key)")
            #expect(score.tries.attempts == attempts.count, "\(key)")
            #expect(score.tries.bestScore == attempts.map(\.score).max(), "\(key)")
            #expect((score.tries.firstCorrectTry != nil) == attempts.contains { $0.verdict == "correct" }, "\(key)")
        }
        await server.stop()
    }

    /// One learner: created through the API, then 40 graded attempts; a 429 is waited out and retried
    /// (it is not an acknowledgement, so it must not be stored).
    static func learnerSession(index: Int, port: Int) throws -> [Acknowledged] {
        let client = TestClient(port: port)
        let created = try retryingWhenLimited {
            try client.request(
                "POST", "/api/v1/learners", headers: [("Content-Type", "application/json")],
                body: Array(#"{"display_name": "Learner \#(index)", "language": "it"}"#.utf8))
        }
        let json = try created.json()
        guard created.status == 201, let id = json["id"] as? Int, let token = json["token"] as? String else {
            throw TestClient.TestClientError.malformed(created.text)
        }
        var acknowledged: [Acknowledged] = []
        for number in 0..<attemptsEach {
            let (question, answer) = plan[(index + number) % plan.count]
            let response = try retryingWhenLimited {
                try client.request(
                    "POST", "/api/v1/it/checkpoints/\(question)/attempts",
                    headers: [("Content-Type", "application/json"), ("Authorization", "Bearer \(token)")],
                    body: Array(#"{"answer": "\#(answer)"}"#.utf8))
            }
            let grade = try response.json()
            guard response.status == 200, let attemptID = grade["attempt_id"] as? Int,
                let verdict = grade["verdict"] as? String, let score = grade["score"] as? Double
            else { throw TestClient.TestClientError.malformed(response.text) }
            acknowledged.append(
                Acknowledged(
                    learnerID: Int64(id), attemptID: Int64(attemptID), question: question, verdict: verdict,
                    score: score))
        }
        return acknowledged
    }

    static func retryingWhenLimited(_ send: () throws -> TestClient.Response) throws -> TestClient.Response {
        while true {
            let response = try send()
            guard response.status == 429 else { return response }
            let seconds = Double(response.header("Retry-After") ?? "1") ?? 1
            Thread.sleep(forTimeInterval: min(seconds, 5))
        }
    }
}
