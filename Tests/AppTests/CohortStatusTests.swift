import Foundation
import Testing

@testable import App

/// Cohort plans and statuses through the API, the CSV and the console; rotation and removal.
@Suite(.serialized) struct CohortStatusTests {
    static let admin = [TestClient.adminHeader]

    static func yesterday() -> String {
        DueDate(daysSinceEpoch: DueDate(containing: WallClock.nowMilliseconds()).day - 1).text
    }

    static func row(_ learners: [[String: Any]], _ name: String) -> [String: Any]? {
        learners.first { $0["display_name"] as? String == name }
    }

    @Test func aLearnerWhoPassesTheRequiredChapterIsCompletedAndOneWhoDidNothingIsOverdue() async throws {
        let server = try TestServer()
        let client = server.client()
        let due = Self.yesterday()
        let created = try await client.perform(
            "POST", "/api/v1/admin/cohorts", json: ["name": "Onboarding", "due_date": due, "required": ["ch0"]],
            headers: Self.admin)
        #expect(created.status == 201)
        let cohort = try created.json()
        #expect(cohort["due_date"] as? String == due)
        #expect(cohort["required"] as? [String] == ["ch0"])
        let id = try #require(cohort["id"] as? Int)
        let code = try #require(cohort["join_code"] as? String)
        let done = try await client.createLearner("Done", cohortCode: code)
        _ = try await client.createLearner("Idle", cohortCode: code)
        let started = try await client.createLearner("Started", cohortCode: code)
        for (question, answer) in [("ch0-q1", "In alto e in basso."), ("ch0-q2", "una sola"), ("ch0-q3", "No.")] {
            let response = try await client.perform(
                "POST", "/api/v1/it/checkpoints/\(question)/attempts", json: ["answer": answer], bearer: done.token)
            #expect(response.status == 200)
        }
        _ = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "In alto e in basso."],
            bearer: started.token)

        let progress = try await client.perform("GET", "/api/v1/cohorts/\(id)/progress", headers: Self.admin).json()
        #expect((progress["cohort"] as? [String: Any])?["due_date"] as? String == due)
        let learners = try #require(progress["learners"] as? [[String: Any]])
        let completed = try #require(Self.row(learners, "Done"))
        #expect(completed["status"] as? String == "completed")
        #expect(completed["completion"] as? Double == 1.0)
        #expect(completed["completed_at"] is String)
        let idle = try #require(Self.row(learners, "Idle"))
        #expect(idle["status"] as? String == "overdue")
        #expect(idle["completion"] as? Double == 0)
        #expect(idle["completed_at"] is NSNull)
        let behind = try #require(Self.row(learners, "Started"))
        #expect(behind["status"] as? String == "overdue")
        #expect(abs((behind["completion"] as? Double ?? 0) - 0.333) < 0.001)

        let csv = try await client.perform("GET", "/api/v1/cohorts/\(id)/scores.csv", headers: Self.admin).text
        let header = try #require(csv.dropFirst().components(separatedBy: "\r\n").first)
        #expect(header.hasSuffix(",status,completion,completed_at,due_date"))
        #expect(csv.contains(",completed,1.000,"))
        #expect(csv.contains(",overdue,0.000,,\(due)"))

        // Moving the due date to the future turns the idle learner back to not started.
        let future = DueDate(daysSinceEpoch: DueDate(containing: WallClock.nowMilliseconds()).day + 30).text
        let patched = try await client.perform(
            "PATCH", "/api/v1/admin/cohorts/\(id)", json: ["due_date": future, "name": " Renamed "], headers: Self.admin
        )
        #expect(patched.status == 200)
        #expect(try patched.json()["required"] as? [String] == ["ch0"])
        #expect(try patched.json()["name"] as? String == "Renamed")
        #expect(try patched.json()["due_date"] as? String == future)
        let later = try await client.perform("GET", "/api/v1/cohorts/\(id)/progress", headers: Self.admin).json()
        let rows = try #require(later["learners"] as? [[String: Any]])
        #expect(Self.row(rows, "Idle")?["status"] as? String == "not_started")
        #expect(Self.row(rows, "Started")?["status"] as? String == "in_progress")
        await server.stop()
    }

    @Test func theDefaultPlanRequiresEveryChapterAndThePractice() async throws {
        let server = try TestServer()
        let client = server.client()
        let created = try await client.perform(
            "POST", "/api/v1/admin/cohorts", json: ["name": "Default"], headers: Self.admin)
        let cohort = try created.json()
        #expect(cohort["due_date"] is NSNull)
        let required = try #require(cohort["required"] as? [String])
        #expect(required.first == "ch0" && required.last == "practice" && !required.contains("appendix"))
        #expect(required.count == InputRules.chapterNumbers(server.services.content.snapshot).count + 1)
        await server.stop()
    }

    @Test(arguments: [
        (#"{"name": "X", "due_date": "tomorrow"}"#, "due_date"),
        (#"{"name": "X", "due_date": "2026-02-30"}"#, "due_date"),
        (#"{"name": "X", "due_date": 20260101}"#, "due_date"),
        (#"{"name": "X", "required": ["ch0", "ch99"]}"#, "required"),
        (#"{"name": "X", "required": ["appendix"]}"#, "required"),
        (#"{"name": "X", "required": []}"#, "required"),
        (#"{"name": "X", "required": "ch0"}"#, "required"),
        (#"{"name": "X", "required": null}"#, "required"),
    ])
    func aBadPlanIsRefusedNamingTheField(text: String, field: String) async throws {
        let server = try TestServer()
        let client = server.client()
        var body = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let response = try await client.perform("POST", "/api/v1/admin/cohorts", json: body, headers: Self.admin)
        #expect(response.status == 422)
        let message = (try response.json()["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains(field), "\(message)")
        body["name"] = nil
        let existing = try await client.createCohort("Team")
        let patched = try await client.perform(
            "PATCH", "/api/v1/admin/cohorts/\(existing.id)", json: body,
            headers: Self.admin)
        #expect(patched.status == 422)
        #expect(
            try await client.perform(
                "PATCH", "/api/v1/admin/cohorts/999", json: ["due_date": "2026-01-01"], headers: Self.admin
            ).status == 404)
        await server.stop()
    }

    @Test func aRotatedJoinCodeIsGoneAndARemovedLearnerLeavesTheCohort() async throws {
        let server = try TestServer()
        let client = server.client()
        let cohort = try await client.createCohort("Team")
        let learner = try await client.createLearner("Leaving", cohortCode: cohort.joinCode)
        let rotated = try await client.perform(
            "POST", "/api/v1/admin/cohorts/\(cohort.id)/join-code", headers: Self.admin)
        #expect(rotated.status == 200)
        let fresh = try #require(try rotated.json()["join_code"] as? String)
        #expect(fresh != cohort.joinCode)
        let old = try await server.client().perform("GET", "/join/\(cohort.joinCode)")
        #expect(old.status == 410)
        #expect(old.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(try await server.client().perform("GET", "/join/\(fresh)").status == 200)
        let refused = try await client.perform(
            "POST", "/api/v1/learners",
            json: ["display_name": "Late", "language": "it", "cohort_code": cohort.joinCode])
        #expect(refused.status >= 400)

        let removed = try await client.perform(
            "DELETE", "/api/v1/admin/cohorts/\(cohort.id)/learners/\(learner.id)", headers: Self.admin)
        #expect(removed.status == 204)
        let again = try await client.perform(
            "DELETE", "/api/v1/admin/cohorts/\(cohort.id)/learners/\(learner.id)", headers: Self.admin)
        #expect(again.status == 404)
        let progress = try await client.perform(
            "GET", "/api/v1/cohorts/\(cohort.id)/progress", headers: Self.admin
        ).json()
        #expect((progress["learners"] as? [Any])?.isEmpty == true)
        await server.stop()
    }

    @Test func theConsoleCohortPageShowsStatusesChartsAndManagesTheCohort() async throws {
        let server = try TestServer()
        let admin = server.client()
        let csrf = try await AdminTestSupport.signIn(admin)
        let created = try await AdminTestSupport.post(
            admin, "/admin/cohorts", [("csrf", csrf), ("name", "Console"), ("due_date", Self.yesterday())])
        #expect(created.status == 303)
        let path = try #require(created.header("Location"))
        let cohort = try #require(try await server.services.cohorts.all().first)
        #expect(cohort.plan.dueDate?.text == Self.yesterday())
        let idle = try await server.services.learners.create(
            displayName: "Idle Learner", language: "it", cohortID: cohort.id)
        _ = idle
        let page = try await admin.perform("GET", path)
        #expect(page.status == 200)
        #expect(page.text.contains("class=\"status-chip status-overdue\""))
        #expect(page.text.contains("id=\"completion-chart\"") && page.text.contains("id=\"facility-chart\""))
        #expect(page.text.contains("<svg") && page.text.contains("<figcaption"))
        #expect(page.text.contains("id=\"join-url\"") && page.text.contains("readonly"))
        #expect(!page.text.contains("style="))
        let filtered = try await admin.perform("GET", path + "?status=completed")
        #expect(!filtered.text.contains("Idle Learner</a>"))
        #expect(try await admin.perform("GET", path + "?status=overdue&sort=completion").text.contains("Idle Learner"))

        let plan = try await AdminTestSupport.post(
            admin, path + "/plan", [("csrf", csrf), ("due_date", ""), ("required", "ch0"), ("required", "practice")])
        #expect(plan.status == 303)
        let planned = try #require(try await server.services.cohorts.cohort(id: cohort.id))
        #expect(planned.plan == CohortPlan(dueDate: nil, required: [.chapter(0), .practice]))
        let badPlan = try await AdminTestSupport.post(
            admin, path + "/plan", [("csrf", csrf), ("due_date", "soon"), ("required", "ch0")])
        #expect(badPlan.status == 422)
        #expect(badPlan.text.contains("due_date"))

        let rotate = try await AdminTestSupport.post(admin, path + "/join-code", [("csrf", csrf)])
        #expect(rotate.status == 303)
        #expect(try await server.client().perform("GET", "/join/\(cohort.joinCode)").status == 410)
        let remove = try await AdminTestSupport.post(
            admin, path + "/learners/\(idle.learner.id)/remove", [("csrf", csrf)])
        #expect(remove.status == 303)
        #expect(try await server.services.cohorts.cohort(id: cohort.id)?.learnerCount == 0)
        await server.stop()
    }

    @Test func aLearnerWhoJoinsSeesTheConfirmationAndTheirCohort() async throws {
        let server = try TestServer()
        let cohort = try await server.client().createCohort("Night Shift")
        let browser = server.client()
        _ = try await browser.perform("GET", "/join/\(cohort.joinCode)")
        let csrf = try #require(browser.cookies[JoinRoutes.csrfCookieName])
        let joined = try await browser.perform(
            "POST", "/join/\(cohort.joinCode)", headers: [AdminTestSupport.formType, ("Accept-Language", "it")],
            body: AdminTestSupport.form([("csrf", csrf), ("display_name", "Nuovo")]))
        let location = try #require(joined.header("Location"))
        let page = try await browser.perform("GET", location)
        #expect(page.status == 200)
        #expect(page.text.contains("Sei entrato nel gruppo Night Shift."))
        #expect(page.text.contains("Il tuo gruppo: Night Shift"))
        await server.stop()
    }
}
