import Foundation
import Testing

@testable import App

/// Folio end to end on PostgreSQL: two nodes on one database, as behind a load balancer (skipped without
/// `FOLIO_TEST_DATABASE_URL`).
@Suite(.serialized, .enabled(if: TestPostgres.isAvailable, "FOLIO_TEST_DATABASE_URL names a test cluster"))
struct PostgresAppTests {
    /// Runs `body` with two servers on one fresh schema; both stopped and the schema dropped afterwards.
    static func withTwoNodes(_ body: (TestServer, TestServer) async throws -> Void) async throws {
        let (connectionString, schema) = try TestPostgres.makeSchema()
        let configure: (inout Configuration) -> Void = { $0.databaseURL = connectionString.connectionInfo }
        let first = try TestServer(configure: configure)
        let second: TestServer
        do {
            second = try TestServer(configure: configure)
        } catch {
            await first.stop()
            throw error
        }
        do {
            try await body(first, second)
        } catch {
            await first.stop()
            await second.stop()
            try TestPostgres.dropSchema(schema)
            throw error
        }
        await first.stop()
        await second.stop()
        try TestPostgres.dropSchema(schema)
    }

    @Test func aLearnerMadeOnOneNodeAnswersThereAndIsReadBackOnTheOther() async throws {
        try await Self.withTwoNodes { nodeA, nodeB in
            #expect(nodeA.services.database == nil, "no SQLite file with a database URL")
            let a = nodeA.client()
            let b = nodeB.client()
            let cohort = try await a.createCohort("Team")
            let learner = try await a.createLearner("Ada", cohortCode: nil)
            let attempt = try await a.perform(
                "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "in alto e in basso"],
                bearer: learner.token)
            #expect(attempt.status == 200)

            let me = try await b.perform("GET", "/api/v1/me", bearer: learner.token)
            #expect(me.status == 200, "the token works on the other node")
            let history = try await b.perform("GET", "/api/v1/me/attempts", bearer: learner.token)
            #expect(history.status == 200)
            #expect(history.text.contains("ch0-q1"))
            let scores = try await b.perform(
                "GET", "/api/v1/learners/\(learner.id)/scores", bearer: TestServer.adminToken)
            let rows = try #require(try scores.json()["scores"] as? [[String: Any]])
            #expect(rows.first?["question"] as? String == "ch0-q1")
            #expect(rows.first?["best_score"] as? Double == 1)

            let joiner = try await b.createLearner("Bo", cohortCode: cohort.joinCode)
            let joined = try await a.perform("GET", "/api/v1/me", bearer: joiner.token).json()
            #expect((joined["cohort"] as? [String: Any])?["name"] as? String == "Team", "a join code from A works on B")
            let list = try await b.perform("GET", "/api/v1/admin/cohorts", headers: [TestClient.adminHeader]).json()
            #expect((list["cohorts"] as? [[String: Any]])?.first?["learners"] as? Int == 1)
        }
    }

    @Test func healthAnswersAndBackupsPointToPgDump() async throws {
        try await Self.withTwoNodes { node, _ in
            let client = node.client()
            let health = try await client.perform("GET", "/healthz")
            #expect(health.status == 200)
            let backup = try await client.perform("POST", "/admin/backup", headers: [TestClient.adminHeader])
            #expect(backup.status == 409)
            #expect(backup.errorCode == "backup_unsupported")
            #expect(backup.text.contains("pg_dump"))
        }
    }
}
