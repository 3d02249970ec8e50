import Foundation
import Testing

@testable import App

/// Issue 16's done-when on PostgreSQL, across two nodes (skipped without `FOLIO_TEST_DATABASE_URL`).
@Suite(.serialized, .enabled(if: TestPostgres.isAvailable, "FOLIO_TEST_DATABASE_URL names a test cluster"))
struct PostgresCohortTests {
    @Test func statusesItemsAndRotationWorkOnPostgreSQL() async throws {
        try await PostgresAppTests.withTwoNodes { nodeA, nodeB in
            let a = nodeA.client()
            let b = nodeB.client()
            let created = try await a.perform(
                "POST", "/api/v1/admin/cohorts",
                json: ["name": "Team", "due_date": CohortStatusTests.yesterday(), "required": ["ch0"]],
                headers: [TestClient.adminHeader])
            let cohort = try created.json()
            let id = try #require(cohort["id"] as? Int)
            let code = try #require(cohort["join_code"] as? String)
            let done = try await b.createLearner("Done", cohortCode: code)
            _ = try await b.createLearner("Idle", cohortCode: code)
            for (question, answer) in [("ch0-q1", "In alto e in basso."), ("ch0-q2", "una sola"), ("ch0-q3", "No.")] {
                _ = try await b.perform(
                    "POST", "/api/v1/it/checkpoints/\(question)/attempts", json: ["answer": answer], bearer: done.token)
            }
            let progress = try await a.perform(
                "GET", "/api/v1/cohorts/\(id)/progress", headers: [TestClient.adminHeader]
            ).json()
            let rows = try #require(progress["learners"] as? [[String: Any]])
            #expect(CohortStatusTests.row(rows, "Done")?["status"] as? String == "completed")
            #expect(CohortStatusTests.row(rows, "Done")?["completion"] as? Double == 1)
            #expect(CohortStatusTests.row(rows, "Idle")?["status"] as? String == "overdue")

            let items = try await b.perform(
                "GET", "/api/v1/admin/items?language=it", headers: [TestClient.adminHeader]
            ).json()
            let item = (items["items"] as? [[String: Any]])?.first { $0["question"] as? String == "ch0-q1" }
            #expect(item?["facility"] as? Double == 1)

            let rotated = try await a.perform(
                "POST", "/api/v1/admin/cohorts/\(id)/join-code", headers: [TestClient.adminHeader])
            #expect(rotated.status == 200)
            #expect(try await b.perform("GET", "/join/\(code)").status == 410)
        }
    }
}
