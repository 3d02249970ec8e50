import Foundation
import Testing

@testable import App

@Suite struct LearnerAPITests {
    @Test func aLearnerIsCreatedAnswersReadsAndSeesProgressAndAttempts() async throws {
        let server = try TestApp()
        let client = server.client()
        let learner = try await client.createLearner("  Ada Lovelace \n", language: "it")

        let me = try await client.perform("GET", "/api/v1/me", bearer: learner.token)
        #expect(me.status == 200)
        let profile = try me.json()
        #expect(profile["display_name"] as? String == "Ada Lovelace")
        #expect(profile["language"] as? String == "it")
        #expect(profile["cohort"] is NSNull)

        let changed = try await client.perform(
            "PATCH", "/api/v1/me", json: ["display_name": "Ada", "language": "ja"], bearer: learner.token)
        #expect(changed.status == 200)
        #expect(try changed.json()["language"] as? String == "ja")

        let read = try await client.perform(
            "POST", "/api/v1/me/reads", json: ["section": "ch1", "language": "ja"], bearer: learner.token)
        #expect(read.status == 204)
        #expect(read.header("Set-Cookie") == nil)
        for answer in ["di lato", "in alto e in basso"] {
            let attempt = try await client.perform(
                "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": answer], bearer: learner.token)
            #expect(attempt.status == 200)
        }

        let progress = try await client.perform("GET", "/api/v1/me/progress", bearer: learner.token).json()
        let chapters = try #require(progress["chapters"] as? [[String: Any]])
        let chapter0 = try #require(chapters.first { $0["section"] as? String == "ch0" })
        #expect(chapter0["questions_passed"] as? Int == 1)
        #expect(chapter0["questions_total"] as? Int == 3)
        #expect(chapter0["read"] as? Bool == true)
        #expect((chapter0["best_scores"] as? [String: Double])?["ch0-q1"] == 1)
        #expect(chapter0["last_activity"] is String)
        let chapter1 = try #require(chapters.first { $0["section"] as? String == "ch1" })
        #expect(chapter1["read"] as? Bool == true)
        #expect(chapter1["questions_passed"] as? Int == 0)
        let total = try #require(progress["questions_total"] as? Int)
        #expect(progress["overall_percentage"] as? Double == (1000.0 / Double(total)).rounded() / 10)

        let attempts = try await client.perform("GET", "/api/v1/me/attempts", bearer: learner.token).json()
        let list = try #require(attempts["attempts"] as? [[String: Any]])
        #expect(list.map { $0["verdict"] as? String } == ["incorrect", "correct"])
        #expect(list.allSatisfy { $0["id"] is Int && $0["answer"] is String && $0["created_at"] is String })
        #expect(attempts["next_cursor"] is NSNull)
        await server.stop()
    }

    @Test func aResumeCodeContinuesOnASecondDeviceOnceOnly() async throws {
        let server = try TestApp()
        let laptop = server.client()
        let first = try await laptop.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "in alto e in basso"])
        #expect(first.status == 200)
        let code = try await laptop.perform("POST", "/api/v1/me/resume-code")
        #expect(code.status == 200)
        let resumeCode = try #require(try code.json()["code"] as? String)
        #expect(try code.json()["expires_at"] is String)

        let phone = server.client()
        #expect(try await phone.perform("GET", "/api/v1/me").status == 401)
        let typed = resumeCode.lowercased().replacingOccurrences(of: "-", with: " ")
        let resumed = try await phone.perform("POST", "/api/v1/resume", json: ["code": typed])
        #expect(resumed.status == 200)
        let cookie = try #require(resumed.header("Set-Cookie"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
        #expect(phone.cookies[LearnerIdentity.cookieName] != laptop.cookies[LearnerIdentity.cookieName])
        let progress = try await phone.perform("GET", "/api/v1/me/progress").json()
        #expect(progress["questions_passed"] as? Int == 1)
        let sameLearner = try await laptop.perform("GET", "/api/v1/me").json()["id"] as? Int
        #expect(try await phone.perform("GET", "/api/v1/me").json()["id"] as? Int == sameLearner)

        let third = server.client()
        let reused = try await third.perform("POST", "/api/v1/resume", json: ["code": resumeCode])
        let unknown = try await third.perform("POST", "/api/v1/resume", json: ["code": "ZZZZ-ZZZZ"])
        #expect(reused.status == 404 && unknown.status == 404)
        #expect(reused.text == unknown.text)
        await server.stop()
    }

    @Test func resumeRedemptionsAreRateLimitedPerAddress() async throws {
        let server = try TestApp()
        let client = server.client()
        var statuses: [Int] = []
        for _ in 0..<7 {
            statuses.append(try await client.perform("POST", "/api/v1/resume", json: ["code": "AAAA-AAAA"]).status)
        }
        #expect(statuses.prefix(5).allSatisfy { $0 == 404 })
        #expect(statuses.suffix(2).allSatisfy { $0 == 429 })
        let limited = try await client.perform("POST", "/api/v1/resume", json: ["code": "AAAA-AAAA"])
        #expect(Int(limited.header("Retry-After") ?? "") ?? 0 >= 1)
        await server.stop()
    }

    @Test func markingAReadWithoutCredentialsCreatesTheLearner() async throws {
        let server = try TestApp()
        let browser = server.client()
        let read = try await browser.perform(
            "POST", "/api/v1/me/reads", json: ["section": "practice", "language": "es"])
        #expect(read.status == 204)
        #expect(browser.cookies[LearnerIdentity.cookieName] != nil)
        let progress = try await browser.perform("GET", "/api/v1/me/progress").json()
        let sections = try #require(progress["chapters"] as? [[String: Any]])
        #expect(sections.first { $0["section"] as? String == "practice" }?["read"] as? Bool == true)
        #expect(try await browser.perform("GET", "/api/v1/me").json()["language"] as? String == "es")
        await server.stop()
    }

    @Test func learnerRoutesNeedLearnerCredentials() async throws {
        let server = try TestApp()
        let client = server.client()
        let routes = [
            ("GET", "/api/v1/me"), ("PATCH", "/api/v1/me"), ("GET", "/api/v1/me/progress"),
            ("GET", "/api/v1/me/attempts"), ("POST", "/api/v1/me/resume-code"),
        ]
        for (method, path) in routes {
            let json: Any? = method == "PATCH" ? ["language": "it"] : nil
            #expect(try await client.perform(method, path, json: json).status == 401, "\(method) \(path)")
            let unknown = try await client.perform(method, path, json: json, bearer: "0123456789abcdef0123456789abcdef")
            #expect(unknown.status == 401, "\(method) \(path)")
            #expect(unknown.header("WWW-Authenticate") != nil)
            let admin = try await client.perform(method, path, json: json, bearer: TestServer.adminToken)
            #expect(admin.status == 403, "\(method) \(path)")
        }
        await server.stop()
    }

    /// One server for the whole table: starting one per case would dominate the suite's time.
    @Test func learnerCreationAndUpdatesValidateTheirFields() async throws {
        let server = try TestApp()
        let client = server.client()
        let creations: [(String, Int)] = [
            (#"{"display_name": "", "language": "it"}"#, 422),
            (#"{"display_name": " \t\n\u3000", "language": "it"}"#, 422),
            (#"{"display_name": "\#(String(repeating: "é", count: 201))", "language": "it"}"#, 422),
            (#"{"display_name": "A\u0000B", "language": "it"}"#, 422),
            (#"{"display_name": "Ada", "language": "fr"}"#, 422),
            (#"{"display_name": 5, "language": "it"}"#, 422),
            (#"{"language": "it"}"#, 422),
            (#"{"display_name": "Ada", "language": "it", "cohort_code": "nope"}"#, 404),
            (#"{"display_name": "\#(String(repeating: "é", count: 200))", "language": "it"}"#, 201),
            (#"{"display_name": "  Ada, \"the\" first\n", "language": "zh-Hant"}"#, 201),
        ]
        let json = ("Content-Type", "application/json")
        for (body, status) in creations {
            let response = try await client.perform("POST", "/api/v1/learners", headers: [json], body: Array(body.utf8))
            #expect(response.status == status, "\(body)")
        }
        let learner = try await client.createLearner("Ada")
        let updates: [(String, Int)] = [
            (#"{"display_name": "   "}"#, 422), (#"{"language": "xx"}"#, 422), (#"{"display_name": null}"#, 422),
            (#"{"language": 3}"#, 422), ("[]", 422), ("{}", 200), (#"{"display_name": "Grace"}"#, 200),
        ]
        for (body, status) in updates {
            let response = try await client.perform(
                "PATCH", "/api/v1/me", bearer: learner.token, headers: [json], body: Array(body.utf8))
            #expect(response.status == status, "\(body)")
        }
        #expect(
            try await client.perform("GET", "/api/v1/me", bearer: learner.token).json()["display_name"] as? String
                == "Grace")
        await server.stop()
    }

    @Test func attemptPagesFollowTheCursorAndRefuseForgedOnes() async throws {
        let server = try TestApp()
        let client = server.client()
        let learner = try await client.createLearner("Pager")
        for index in 0..<5 {
            let attempt = try await client.perform(
                "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "risposta \(index)"],
                bearer: learner.token)
            #expect(attempt.status == 200)
        }
        var seen: [Int] = []
        var cursor: String?
        repeat {
            let path = "/api/v1/me/attempts?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
            let page = try await client.perform("GET", path, bearer: learner.token).json()
            seen += (page["attempts"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            cursor = page["next_cursor"] as? String
        } while cursor != nil
        #expect(seen.count == 5 && seen == seen.sorted() && Set(seen).count == 5)
        for bad in ["limit=0", "limit=201", "limit=x", "cursor=!!", "cursor=abc"] {
            #expect(try await client.perform("GET", "/api/v1/me/attempts?\(bad)", bearer: learner.token).status == 400)
        }
        await server.stop()
    }
}
