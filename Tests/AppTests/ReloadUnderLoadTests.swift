import Foundation
import Locking
import SQLite
import Testing

@testable import App

@Suite(.serialized) struct ReloadUnderLoadTests {
    struct ClientOutcome: Sendable {
        var acknowledged: [Int64] = []
        var failures: [String] = []
    }

    /// 100 learners on their own connections, 10 requests each (chapters in JSON and HTML, graded attempts),
    /// while the content is edited and reloaded three times. Clients pace themselves by finished reloads
    /// (steps 3…5 after the first, 6…9 after the second), so requests meet every swap, not just one.
    @Test func reloadsWhileAHundredClientsReadAndAnswerLoseNoRequestAndNoAttempt() async throws {
        let server = try TestServer(copyContent: true)
        let port = server.port
        var tokens: [String] = []
        for index in 0..<100 {
            tokens.append(
                try await server.services.learners.create(displayName: "L\(index)", language: "it", cohortID: nil).token
            )
        }
        let learnerTokens = tokens
        let finishedReloads = Locked(0)
        let reloads = Task { () -> [Int] in
            var statuses: [Int] = []
            do {
                for round in 1...3 {
                    try AdminTestSupport.edit(server, file: "it.txt") {
                        try AdminTestSupport.replaceLine(
                            startingWith: "Capitolo 0 · ", with: "Capitolo 0 · Giro \(round)", in: $0)
                    }
                    statuses.append(try await AdminTestSupport.reload(server).status)
                    finishedReloads.withLock { $0 += 1 }
                }
            } catch {
                finishedReloads.withLock { $0 = .max }  // release the waiting clients at once
                throw error
            }
            return statuses
        }
        let outcomes = await AdminTestSupport.onThreads(100) { index -> ClientOutcome in
            let client = TestClient(port: port)
            client.cookies[LearnerIdentity.cookieName] = learnerTokens[index]
            var outcome = ClientOutcome()
            for step in 0..<10 {
                let deadline = Date().addingTimeInterval(60)
                while finishedReloads.withLock({ $0 }) < step / 3, Date() < deadline { usleep(2_000) }
                do {
                    switch step % 3 {
                    case 0:
                        let response = try client.get("/api/v1/it/chapters/\((index + step) % 12)")
                        let title = try response.json()["title"] as? String
                        if response.status != 200 || title == nil {
                            outcome.failures.append("chapter \(response.status)")
                        }
                    case 1:
                        let response = try client.postJSON(
                            "/api/v1/it/checkpoints/ch0-q1/attempts",
                            ["answer": step.isMultiple(of: 2) ? "in alto e in basso" : "di lato"])
                        if response.status == 200, let id = try response.json()["attempt_id"] as? Int {
                            outcome.acknowledged.append(Int64(id))
                        } else {
                            outcome.failures.append("attempt \(response.status) \(response.text)")
                        }
                    default:
                        let response = try client.get("/it/chapters/\((index + step) % 12)")
                        if response.status != 200 || !response.text.hasSuffix("</html>") {
                            outcome.failures.append("page \(response.status)")
                        }
                    }
                } catch {
                    outcome.failures.append("\(error)")
                }
            }
            return outcome
        }
        let reloadStatuses = try await reloads.value
        #expect(reloadStatuses == [200, 200, 200])
        let failures = outcomes.flatMap(\.failures)
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        let acknowledged = outcomes.flatMap(\.acknowledged)
        #expect(acknowledged.count == 100 * 3)
        #expect(Set(acknowledged).count == acknowledged.count)

        let database = try Database(path: server.databasePath)
        let stored: [Int64] = try await database.read {
            try $0.query(sql: "SELECT id FROM attempts ORDER BY id").map { try $0["id"] as Int64 }
        }
        let versions: Int64? = try await database.read {
            try $0.scalar(sql: "SELECT count(DISTINCT content_version_id) FROM attempts")
        }
        database.close()
        #expect(stored == acknowledged.sorted(), "every acknowledged attempt is stored, once, and nothing else")
        #expect((versions ?? 0) >= 2, "attempts were graded against more than one content version")
        #expect(
            try await server.client().perform("GET", "/api/v1/it/chapters/0").json()["title"] as? String == "Giro 3")
        await server.stop()
    }
}
