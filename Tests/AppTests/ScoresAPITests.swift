import Foundation
import Testing

@testable import App

@Suite struct ScoresAPITests {
    @Test func scoresListBestScoresPerLearnerAndQuestionInPages() async throws {
        let server = try TestApp()
        let client = server.client()
        let cohort = try await client.createCohort("Team")
        let ada = try await client.createLearner("Ada", cohortCode: cohort.joinCode)
        let bob = try await client.createLearner("Bob")
        let answers: [(String, String, String)] = [
            (ada.token, "ch0-q1", "in alto e in basso"), (ada.token, "ch0-q1", "di lato"), (ada.token, "ch0-q2", "boh"),
            (bob.token, "ch0-q1", "di lato"),
        ]
        for (token, question, answer) in answers {
            let response = try await client.perform(
                "POST", "/api/v1/it/checkpoints/\(question)/attempts", json: ["answer": answer], bearer: token)
            #expect(response.status == 200)
        }
        var rows: [[String: Any]] = []
        var cursor: String?
        repeat {
            let page = try await client.perform(
                "GET", "/api/v1/scores?limit=2" + (cursor.map { "&cursor=\($0)" } ?? ""), bearer: TestServer.adminToken
            ).json()
            rows += page["scores"] as? [[String: Any]] ?? []
            cursor = page["next_cursor"] as? String
        } while cursor != nil
        #expect(rows.count == 3)
        let first = try #require(rows.first)
        #expect(first["learner"] as? Int == Int(ada.id))
        #expect(first["display_name"] as? String == "Ada")
        #expect(first["cohort"] as? Int == Int(cohort.id))
        #expect(first["question"] as? String == "ch0-q1")
        #expect(first["chapter"] as? Int == 0)
        #expect(first["best_score"] as? Double == 1)
        #expect(first["passed"] as? Bool == true)
        #expect(first["attempts"] as? Int == 2)
        #expect(first["last_attempt_at"] is String)
        #expect(rows.last?["cohort"] is NSNull)
        #expect(rows.last?["passed"] as? Bool == false)

        let inCohort = try await client.perform(
            "GET", "/api/v1/scores?cohort=\(cohort.id)", bearer: TestServer.adminToken
        ).json()
        #expect((inCohort["scores"] as? [Any])?.count == 2)
        let future = try await client.perform(
            "GET", "/api/v1/scores?since=2999-01-01T00:00:00Z", bearer: TestServer.adminToken
        ).json()
        #expect((future["scores"] as? [Any])?.isEmpty == true)
        let past = try await client.perform(
            "GET", "/api/v1/scores?since=2000-01-01T00:00:00.5%2B02:00", bearer: TestServer.adminToken
        ).json()
        #expect((past["scores"] as? [Any])?.count == 3)

        let single = try await client.perform("GET", "/api/v1/learners/\(bob.id)/scores", bearer: TestServer.adminToken)
        #expect(single.status == 200)
        #expect((try single.json()["scores"] as? [[String: Any]])?.first?["question"] as? String == "ch0-q1")

        let csv = try await client.perform("GET", "/api/v1/scores.csv", bearer: TestServer.adminToken)
        #expect(Array(csv.body.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(csv.text.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 4)
        await server.stop()
    }

    @Test func malformedQueriesAreBadRequests() async throws {
        let server = try TestApp()
        let client = server.client()
        let queries = [
            "cursor=%21%21", "cursor=abc", "limit=0", "limit=1001", "limit=ten", "since=yesterday",
            "since=2026-02-30T00:00:00Z", "cohort=0", "cohort=x",
        ]
        for query in queries {
            let response = try await client.perform("GET", "/api/v1/scores?\(query)", bearer: TestServer.adminToken)
            #expect(response.status == 400, "\(query)")
            #expect(response.errorCode == "bad_request", "\(query)")
        }
        await server.stop()
    }

    @Test func anUnknownCohortOrLearnerIsNotFound() async throws {
        let server = try TestApp()
        let client = server.client()
        #expect(try await client.perform("GET", "/api/v1/scores?cohort=7", bearer: TestServer.adminToken).status == 404)
        #expect(
            try await client.perform("GET", "/api/v1/learners/7/scores", bearer: TestServer.adminToken).status == 404)
        #expect(
            try await client.perform("GET", "/api/v1/cohorts/7/progress", bearer: TestServer.adminToken).status == 404)
        await server.stop()
    }
}
