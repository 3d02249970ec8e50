import Foundation
import SQLite
import Testing

@testable import App

@Suite struct ContentReloadTests {
    static let newTitle = "Capitolo 3 · Un titolo cambiato dal test"

    @Test func aReloadAfterEditingAChapterTitleShowsItAtOnceInTheAPIAndTheHTML() async throws {
        let server = try TestApp(copyContent: true)
        let client = server.client()
        let before = try await client.perform("GET", "/api/v1/it/chapters/3").json()
        let oldTitle = try #require(before["title"] as? String)
        let spanish = try await client.perform("GET", "/api/v1/es/chapters/3").text
        try AdminTestSupport.edit(server, file: "it.txt") {
            try AdminTestSupport.replaceLine(startingWith: "Capitolo 3 · ", with: Self.newTitle, in: $0)
        }
        #expect(try await client.perform("GET", "/api/v1/it/chapters/3").json()["title"] as? String == oldTitle)

        let reload = try await AdminTestSupport.reload(server)
        client.reset()  // a reload may outlast the server's idle timeout on the kept-alive connection
        #expect(reload.status == 200)
        let report = try reload.json()
        #expect(report["outcome"] as? String == "loaded")
        #expect(report["languages"] as? [String] == ["it", "es", "tr", "zh-Hant", "ja"])
        #expect(report["questions"] as? Int == server.services.content.snapshot.questionIDs.count)
        let changes = try #require(report["changes"] as? [String: [String]])
        #expect(changes["sections_changed"] == ["ch3"])
        #expect(
            changes["questions_changed"] == [] && changes["questions_removed"] == [] && changes["keys_changed"] == [])
        let version = try #require(report["version"] as? Int)
        #expect(Int64(version) == server.services.content.snapshot.versionID)

        let title = try await client.perform("GET", "/api/v1/it/chapters/3").json()["title"] as? String
        #expect(title.map { Self.newTitle.hasSuffix($0) } == true)
        #expect(try await client.perform("GET", "/it/chapters/3").text.contains("Un titolo cambiato dal test"))
        #expect(try await client.perform("GET", "/api/v1/it/chapters").text.contains("Un titolo cambiato dal test"))
        #expect(try await client.perform("GET", "/api/v1/es/chapters/3").text == spanish, "other languages unchanged")

        let loads = try await server.services.adminConsole.contentVersions(limit: 5)
        #expect(loads.map(\.loadedBy) == ["admin", "startup"])
        let metrics = try PrometheusText(
            try await client.perform("GET", "/metrics", headers: AdminTestSupport.bearer).text)
        #expect(metrics.value("folio_content_reloads_total", ["outcome": "success"]) == 1)
        #expect(metrics.sum("folio_content_version") == Double(version))
        await server.stop()
    }

    @Test func aBrokenDocumentIsRejectedWith422AndTheOldContentKeepsBeingServed() async throws {
        let server = try TestApp(copyContent: true)
        let client = server.client()
        let servedVersion = server.services.content.snapshot.versionID
        let chapter = try await client.perform("GET", "/api/v1/es/chapters/11")
        let page = try await client.perform("GET", "/es/chapters/11")
        try AdminTestSupport.edit(server, file: "es.txt") { text in
            text.components(separatedBy: "\n").filter { !$0.hasPrefix("Capítulo 11 · ") }.joined(separator: "\n")
        }
        let reload = try await AdminTestSupport.reload(server)
        client.reset()  // a reload may outlast the server's idle timeout on the kept-alive connection
        #expect(reload.status == 422)
        let report = try reload.json()
        #expect(report["outcome"] as? String == "rejected")
        let errors = try #require(report["errors"] as? [String])
        #expect(!errors.isEmpty && errors.allSatisfy { !$0.isEmpty })
        #expect(errors.contains { $0.contains("es.txt") })

        #expect(server.services.content.snapshot.versionID == servedVersion)
        #expect(try await client.perform("GET", "/api/v1/es/chapters/11").body == chapter.body)
        #expect(try await client.perform("GET", "/es/chapters/11").body == page.body)
        let loads = try await server.services.adminConsole.contentVersions(limit: 5)
        #expect(loads.map(\.outcome) == [.rejected, .loaded])

        let console = try await client.perform("GET", "/admin", headers: AdminTestSupport.bearer)
        #expect(console.text.contains("was rejected; version #\(servedVersion) is still served"))
        let metrics = try PrometheusText(
            try await client.perform("GET", "/metrics", headers: AdminTestSupport.bearer).text)
        #expect(metrics.value("folio_content_reloads_total", ["outcome": "failure"]) == 1)
        #expect(metrics.value("folio_content_reloads_total", ["outcome": "success"]) == 0)
        await server.stop()
    }

    @Test func aReloadWithoutOrWithAWrongTokenIs401AndChangesNothing() async throws {
        let server = try TestApp(copyContent: true)
        let client = server.client()
        let before = try await client.perform("GET", "/api/v1/it/chapters/3").body
        try AdminTestSupport.edit(server, file: "it.txt") {
            try AdminTestSupport.replaceLine(startingWith: "Capitolo 3 · ", with: Self.newTitle, in: $0)
        }
        let attempts: [[(String, String)]] = [
            [], [("Authorization", "Bearer wrong")], [("Authorization", "Basic \(TestServer.adminToken)")],
            [("Authorization", "Bearer \(TestServer.adminToken)x")],
            [("Cookie", "folio_admin=0123456789abcdef0123456789abcdef")],
        ]
        for headers in attempts {
            let refused = try await client.perform("POST", "/admin/reload", headers: headers)
            #expect(refused.status == 401)
            #expect(refused.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
            #expect(try refused.json()["error"] != nil)
        }
        #expect(try await server.services.adminConsole.contentVersions(limit: 10).count == 1)
        #expect(try await client.perform("GET", "/api/v1/it/chapters/3").body == before)
        await server.stop()
    }

    @Test func attemptsOnARemovedQuestionStayReadableWithTheVersionTheyWereGradedAgainst() async throws {
        let server = try TestApp(copyContent: true)
        let learner = server.client()
        let graded = try await learner.perform(
            "POST", "/api/v1/it/checkpoints/ch5-q4/attempts", json: ["answer": "Perché non è fornita dal contenitore"])
        #expect(graded.status == 200)
        let attemptID = try #require(try graded.json()["attempt_id"] as? Int)
        let gradedVersion = server.services.content.snapshot.versionID
        let snapshot = server.services.content.snapshot
        for code in snapshot.languageCodes {
            let prompt = try #require(snapshot.question("ch5-q4", in: code)?.question.prompt)
            try AdminTestSupport.edit(server, file: "\(code).txt") { text in
                var lines = text.components(separatedBy: "\n")
                let matches = lines.indices.filter { lines[$0].contains(prompt) }
                guard matches.count == 1, let index = matches.first else {
                    throw AdminTestSupport.Failure.unexpected("\(matches.count) lines hold the prompt in \(code)")
                }
                lines.remove(at: index)
                if index < lines.count, lines[index].isEmpty { lines.remove(at: index) }
                return lines.joined(separator: "\n")
            }
        }
        let keys = try FileManager.default.contentsOfDirectory(atPath: server.contentDirectory + "/keys")
        for file in keys where file.hasSuffix(".json") {
            let url = URL(fileURLWithPath: server.contentDirectory + "/keys/" + file)
            guard var object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any],
                var questions = object["questions"] as? [String: Any], questions["ch5-q4"] != nil
            else { continue }
            questions["ch5-q4"] = nil
            object["questions"] = questions
            try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: url)
        }

        let reload = try await AdminTestSupport.reload(server)
        learner.reset()  // a reload may outlast the server's idle timeout on the kept-alive connection
        #expect(reload.status == 200)
        let changes = try #require(try reload.json()["changes"] as? [String: [String]])
        #expect(changes["questions_removed"] == ["ch5-q4"])
        #expect(changes["sections_changed"]?.contains("ch5") == true)
        #expect(server.services.content.snapshot.question("ch5-q4", in: "it") == nil)

        let history = try await learner.perform("GET", "/api/v1/me/attempts")
        #expect(history.status == 200)
        let listed = try #require((try history.json()["attempts"] as? [[String: Any]])?.first)
        #expect(listed["id"] as? Int == attemptID)
        #expect(listed["question"] as? String == "ch5-q4")
        #expect((listed["content_version"] as? Int).map(Int64.init) == gradedVersion)
        #expect(try await learner.perform("GET", "/api/v1/me/progress").status == 200)
        let learnerID = try #require(try await learner.perform("GET", "/api/v1/me").json()["id"] as? Int)
        let page = try await learner.perform("GET", "/admin/learners/\(learnerID)", headers: AdminTestSupport.bearer)
        #expect(page.status == 200)
        #expect(page.text.contains("<code>ch5-q4</code>") && page.text.contains("<td>removed</td>"))
        let again = try await learner.perform(
            "POST", "/api/v1/it/checkpoints/ch5-q4/attempts", json: ["answer": "di nuovo"])
        #expect(again.status == 404, "the removed question takes no new attempts")
        let database = try Database(path: server.databasePath)
        let kept: Int64? = try await database.read {
            try $0.scalar(sql: "SELECT count(*) FROM question_scores WHERE question_id = 'ch5-q4'")
        }
        database.close()
        #expect(kept == 1)
        await server.stop()
    }
}
