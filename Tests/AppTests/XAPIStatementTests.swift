import Foundation
import Testing

@testable import App

/// `GET /api/v1/xapi/statements`: one xAPI 1.0.3 statement per attempt, stable ids, cohort limits, pages.
@Suite(.serialized) struct XAPIStatementTests {
    @Test func statementIDsAreNameBasedUUIDsStablePerAttempt() {
        let id = XAPIStatement.id(attemptID: 42)
        #expect(id == XAPIStatement.id(attemptID: 42))
        #expect(id != XAPIStatement.id(attemptID: 43))
        let parts = id.split(separator: "-").map(\.count)
        #expect(parts == [8, 4, 4, 4, 12])
        #expect(id.dropFirst(14).first == "5", "version 5")
        #expect("89ab".contains(id.dropFirst(19).first ?? "x"), "RFC 4122 variant")
    }

    @Test func everyAttemptIsOneWellFormedStatement() async throws {
        let server = try TestServer { $0.publicURL = "https://folio.example" }
        let client = server.client()
        let learner = try await client.createLearner("Ada")
        for (question, answer) in [("ch0-q1", "in alto e in basso"), ("ch0-q2", "sei")] {
            let response = try await client.perform(
                "POST", "/api/v1/it/checkpoints/\(question)/attempts", json: ["answer": answer], bearer: learner.token)
            #expect(response.status == 200)
        }
        let response = try await client.perform("GET", "/api/v1/xapi/statements", bearer: TestServer.adminToken)
        #expect(response.status == 200)
        #expect(response.header("X-Experience-API-Version") == "1.0.3")
        let json = try response.json()
        #expect(json["more"] as? String == "")
        let statements = try #require(json["statements"] as? [[String: Any]])
        #expect(statements.count == 2)
        let first = try #require(statements.first)
        #expect(UUID(uuidString: first["id"] as? String ?? "") != nil)
        let actor = try #require(first["actor"] as? [String: Any])
        #expect(actor["objectType"] as? String == "Agent")
        let account = try #require(actor["account"] as? [String: Any])
        #expect(account["homePage"] as? String == "https://folio.example")
        #expect(account["name"] as? String == String(learner.id))
        let verb = try #require(first["verb"] as? [String: Any])
        #expect(verb["id"] as? String == "http://adlnet.gov/expapi/verbs/answered")
        let object = try #require(first["object"] as? [String: Any])
        #expect(object["id"] as? String == "https://folio.example/it/chapters/0#ch0-q1")
        let result = try #require(first["result"] as? [String: Any])
        #expect(result["success"] as? Bool == true)
        #expect((result["score"] as? [String: Any])?["scaled"] as? Double == 1)
        #expect(result["response"] as? String == "in alto e in basso")
        #expect(RFC3339.milliseconds(first["timestamp"] as? String ?? "") != nil)
        #expect((first["context"] as? [String: Any])?["language"] as? String == "it")
        let second = try #require(statements.last)
        #expect((second["result"] as? [String: Any])?["success"] as? Bool == false)

        let again = try await client.perform("GET", "/api/v1/xapi/statements", bearer: TestServer.adminToken).json()
        let ids = (again["statements"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == statements.compactMap { $0["id"] as? String }, "the same ids on every read")
        await server.stop()
    }

    @Test func aCohortTokenSeesItsCohortAndPagesFollowMore() async throws {
        let server = try TestServer()
        let client = server.client()
        let mine = try await client.createCohort("Mine")
        let theirs = try await client.createCohort("Theirs")
        let member = try await client.createLearner("Member", cohortCode: mine.joinCode)
        let outsider = try await client.createLearner("Outsider", cohortCode: theirs.joinCode)
        for learner in [member, outsider, member, member] {
            let response = try await client.perform(
                "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "di lato"], bearer: learner.token)
            #expect(response.status == 200)
        }
        let token = try await client.createToken("Lead", cohort: mine.id)
        var path = "/api/v1/xapi/statements?limit=2"
        var names: [String] = []
        for _ in 0..<5 {
            let page = try await client.perform("GET", path, bearer: token.secret)
            #expect(page.status == 200)
            let json = try page.json()
            let statements = try #require(json["statements"] as? [[String: Any]])
            names += statements.compactMap {
                (($0["actor"] as? [String: Any])?["account"] as? [String: Any])?["name"] as? String
            }
            let more = try #require(json["more"] as? String)
            if more.isEmpty { break }
            path = more
        }
        #expect(names == Array(repeating: String(member.id), count: 3))
        let learnerRead = try await client.perform("GET", "/api/v1/xapi/statements", bearer: member.token)
        #expect(learnerRead.status == 403)
        #expect(try await client.perform("GET", "/api/v1/xapi/statements").status == 401)
        #expect(
            try await client.perform("GET", "/api/v1/xapi/statements?cursor=zzz", bearer: token.secret).status == 400)
        #expect(try await client.perform("GET", "/api/v1/xapi/statements?limit=0", bearer: token.secret).status == 400)
        await server.stop()
    }
}
