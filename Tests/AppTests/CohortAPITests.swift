import Foundation
import Testing

@testable import App

@Suite(.serialized) struct CohortAPITests {
    @Test func anAdminCreatesACohortWithAnUnguessableJoinCode() async throws {
        let server = try TestServer()
        let client = server.client()
        let created = try await client.perform(
            "POST", "/api/v1/admin/cohorts", json: ["name": "  Onboarding May "], headers: [TestClient.adminHeader])
        #expect(created.status == 201)
        let cohort = try created.json()
        let code = try #require(cohort["join_code"] as? String)
        #expect(code.count == 22)
        #expect(code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        #expect(Base64URL.decode(code)?.count == 16)
        #expect(cohort["name"] as? String == "Onboarding May")
        #expect(cohort["join_url"] as? String == "http://127.0.0.1:\(server.port)/join/\(code)")
        let other = try await client.createCohort("Second")
        #expect(other.joinCode != code)
        let list = try await client.perform("GET", "/api/v1/admin/cohorts", headers: [TestClient.adminHeader]).json()
        #expect(
            (list["cohorts"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Second", "Onboarding May"])
        #expect(
            try await client.perform(
                "POST", "/api/v1/admin/cohorts", json: ["name": " "], headers: [TestClient.adminHeader]
            ).status == 422)
        await server.stop()
    }

    @Test func learnersJoinByAPIAndByTheJoinPageAndTheLeadSeesTheirProgress() async throws {
        let server = try TestServer()
        let admin = server.client()
        let cohort = try await admin.createCohort("Team")
        let apiLearner = try await admin.createLearner("Api Learner", cohortCode: cohort.joinCode)
        let me = try await admin.perform("GET", "/api/v1/me", bearer: apiLearner.token).json()
        #expect((me["cohort"] as? [String: Any])?["name"] as? String == "Team")

        let browser = server.client()
        let page = try await browser.perform("GET", "/join/\(cohort.joinCode)", headers: [("Accept-Language", "es")])
        #expect(page.status == 200)
        #expect(page.text.contains("name=\"display_name\""))
        let csrf = try #require(browser.cookies[JoinRoutes.csrfCookieName])
        #expect(page.text.contains("value=\"\(csrf)\""))
        #expect(page.header("Set-Cookie")?.contains("SameSite=Strict") == true)
        let form = "csrf=\(csrf)&display_name=Browser+Learner"
        let joined = try await browser.perform(
            "POST", "/join/\(cohort.joinCode)",
            headers: [
                ("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "http://127.0.0.1:\(server.port)"),
                ("Accept-Language", "es"),
            ], body: Array(form.utf8))
        #expect(joined.status == 303)
        #expect(joined.header("Location") == "/es/progress?joined=1")
        #expect(browser.cookies[LearnerIdentity.cookieName] != nil)
        let attempt = try await browser.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "in alto e in basso"])
        #expect(attempt.status == 200)

        let progress = try await admin.perform(
            "GET", "/api/v1/cohorts/\(cohort.id)/progress", headers: [TestClient.adminHeader])
        #expect(progress.status == 200)
        let learners = try #require(try progress.json()["learners"] as? [[String: Any]])
        #expect(learners.compactMap { $0["display_name"] as? String } == ["Api Learner", "Browser Learner"])
        let browserRow = try #require(learners.last?["chapters"] as? [[String: Any]])
        let chapter0 = try #require(browserRow.first { $0["section"] as? String == "ch0" })
        #expect(chapter0["questions_passed"] as? Int == 1)
        #expect(chapter0["passed"] as? Bool == false)
        #expect(chapter0["last_activity"] is String)
        await server.stop()
    }

    @Test func theJoinFormRefusesForgedAndCrossSiteSubmissions() async throws {
        let server = try TestServer()
        let admin = server.client()
        let cohort = try await admin.createCohort("Team")
        let browser = server.client()
        #expect(try await browser.perform("GET", "/join/\(cohort.joinCode)").status == 200)
        let csrf = try #require(browser.cookies[JoinRoutes.csrfCookieName])
        let formHeader = ("Content-Type", "application/x-www-form-urlencoded")
        let attempts: [([(String, String)], String)] = [
            ([formHeader], "display_name=Eve"),
            ([formHeader], "csrf=\(String(repeating: "0", count: 32))&display_name=Eve"),
            ([formHeader, ("Sec-Fetch-Site", "cross-site")], "csrf=\(csrf)&display_name=Eve"),
            ([formHeader, ("Origin", "https://evil.example")], "csrf=\(csrf)&display_name=Eve"),
        ]
        for (headers, form) in attempts {
            let response = try await browser.perform(
                "POST", "/join/\(cohort.joinCode)", headers: headers, body: Array(form.utf8))
            #expect(response.status == 403)
            #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
        }
        let blank = try await browser.perform(
            "POST", "/join/\(cohort.joinCode)", headers: [formHeader], body: Array("csrf=\(csrf)&display_name=+".utf8))
        #expect(blank.status == 422)
        #expect(blank.text.contains("aria-invalid=\"true\""))
        #expect(browser.cookies[LearnerIdentity.cookieName] == nil)
        let progress = try await admin.perform(
            "GET", "/api/v1/cohorts/\(cohort.id)/progress", headers: [TestClient.adminHeader])
        #expect((try progress.json()["learners"] as? [Any])?.isEmpty == true)
        await server.stop()
    }

    @Test func anUnknownJoinCodeIsANotFoundPage() async throws {
        let server = try TestServer()
        for code in ["AAAAAAAAAAAAAAAAAAAAAA", "short", "%3Cscript%3E"] {
            let response = try await server.client().perform("GET", "/join/\(code)")
            #expect(response.status == 404)
            #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
        }
        await server.stop()
    }

    @Test func theCohortCSVEscapesNamesAndNeutralisesFormulas() async throws {
        let server = try TestServer()
        let client = server.client()
        let cohort = try await client.createCohort("CSV")
        let names = [
            "Rossi, Anna", "Anna \"Nana\" Rossi", "Two\nLines", "=HYPERLINK(\"http://evil.example\",\"x\")", "+1",
            "@sum",
        ]
        for name in names { _ = try await client.createLearner(name, cohortCode: cohort.joinCode) }
        let response = try await client.perform(
            "GET", "/api/v1/cohorts/\(cohort.id)/scores.csv", headers: [TestClient.adminHeader])
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/csv; charset=utf-8")
        #expect(Array(response.body.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let text = response.text
        #expect(text.contains("\"Rossi, Anna\""))
        #expect(text.contains("\"Anna \"\"Nana\"\" Rossi\""))
        #expect(text.contains("\"Two\nLines\""))
        #expect(text.contains("\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\""))
        #expect(text.contains(",'+1,") && text.contains(",'@sum,"))
        #expect(!text.contains(",=HYPERLINK"))
        let records = text.dropFirst().components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let sections = InputRules.sectionNames(server.services.content.snapshot).count
        #expect(records.count == 1 + names.count * sections)
        await server.stop()
    }
}
