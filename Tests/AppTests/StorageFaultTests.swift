import Foundation
import HTTP
import Locking
import SQLite
import Testing

@testable import App

/// A database that cannot take writes: full (simulated with `PRAGMA max_page_count` on the writer, which
/// makes SQLite answer `SQLITE_FULL` exactly as a full disk does) or locked by another process.
/// Tests/Robustness/full_disk.py does the same on a real 3 MB file system.
@Suite struct StorageFaultTests {
    @Test func aFullDatabaseAnswers503StorageFullKeepsReadingAndRecoversWithoutRestart() async throws {
        let server = try TestApp()
        let database = try #require(server.services.database)
        let changes = Locked<[Bool]>([])
        database.storage.observe { full in changes.withLock { $0.append(full) } }
        let client = server.client()
        let learner = try await client.createLearner("Filler")
        let pages: Int64 =
            try database.writeWithoutTransaction { try $0.scalar(sql: "PRAGMA page_count") } ?? 0
        try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = \(pages)") }

        var acknowledged = 0
        var refusal: TestClient.Response?
        for index in 0..<25 where refusal == nil {
            let response = try await client.perform(
                "POST", "/api/v1/it/checkpoints/ch0-q1/attempts",
                json: ["answer": "in alto \(index) " + String(repeating: "riempitivo ", count: 300)],
                bearer: learner.token)
            if response.status == 200 { acknowledged += 1 } else { refusal = response }
        }
        let refused = try #require(refusal, "the database never filled up")
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") != nil)
        let error = try refused.json()["error"] as? [String: Any]
        #expect(error?["code"] as? String == "storage_full")
        for _ in 0..<3 {
            let again = try await client.perform(
                "POST", "/api/v1/it/checkpoints/ch0-q1/attempts",
                json: ["answer": String(repeating: "ancora ", count: 500)], bearer: learner.token)
            #expect(again.status == 503)
        }
        let browser = server.client()
        browser.cookies[LearnerIdentity.cookieName] = learner.token
        let form = try await AdminTestSupport.post(
            browser, "/it/checkpoints/ch0-q1/attempts", [("answer", String(repeating: "modulo ", count: 500))])
        #expect(form.status == 503, "the no-JavaScript form gets the error page")
        #expect(form.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(form.header("Retry-After") != nil)

        let health = try await client.perform("GET", "/healthz")
        #expect(health.status == 503)
        #expect(try health.json()["database"] as? String == "full")
        let metrics = try await client.perform("GET", "/metrics", bearer: TestServer.adminToken)
        #expect(metrics.text.contains("\nfolio_database_full 1\n"))
        let attempts = try await client.perform("GET", "/api/v1/me/attempts", bearer: learner.token)
        #expect(attempts.status == 200, "reads are still served")
        #expect((try attempts.json()["attempts"] as? [Any])?.count == acknowledged)
        #expect(try await client.perform("GET", "/it/").status == 200, "pages are still served")
        #expect(changes.withLock { $0 } == [true], "the condition is reported once, not once per request")

        try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = 1073741823") }
        let resumed = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "in alto"], bearer: learner.token)
        #expect(resumed.status == 200, "writes resume without a restart")
        acknowledged += 1
        #expect(try await client.perform("GET", "/healthz").status == 200)
        #expect(
            try await client.perform("GET", "/metrics", bearer: TestServer.adminToken).text.contains(
                "\nfolio_database_full 0\n"))
        #expect(changes.withLock { $0 } == [true, false])
        let stored: Int64? = try await database.read {
            try $0.scalar(sql: "SELECT count(*) FROM attempts WHERE learner_id = ?", arguments: [learner.id])
        }
        #expect(stored == Int64(acknowledged), "every acknowledged attempt is stored, nothing else")
        await server.stop()
    }

    @Test func healthzProbesForSpaceItselfWhileFull() async throws {
        let server = try TestApp()
        let database = try #require(server.services.database)
        let pages: Int64 =
            try database.writeWithoutTransaction { try $0.scalar(sql: "PRAGMA page_count") } ?? 0
        try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = \(pages)") }
        #expect(await database.probeStorage(now: 0) == false, "no probe while nothing has failed")
        await #expect(throws: SQLiteError.self) {
            try await database.submit { connection in
                try connection.execute(sql: "CREATE TABLE filler (x BLOB)")
                try connection.execute(sql: "INSERT INTO filler VALUES (zeroblob(100000))")
            }
        }
        #expect(database.storage.isFull)
        #expect(await database.probeStorage(now: 10) == true, "still full")
        try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA max_page_count = 1073741823") }
        #expect(await database.probeStorage(now: 10.5) == true, "at most one probe a second")
        #expect(await database.probeStorage(now: 11) == false, "the probe found space")
        let tables: Int64? = try await database.read {
            try $0.scalar(sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'folio_space_probe'")
        }
        #expect(tables == 0, "the probe leaves the schema unchanged")
        await server.stop()
    }

    @Test func aDatabaseLockedByAnotherProcessAnswers503DatabaseBusy() async throws {
        let server = try TestApp()
        let client = server.client()
        let learner = try await client.createLearner("Waiting")
        // The writer waits out its busy timeout before answering busy: 5 s by default, 200 ms is as telling.
        let database = try #require(server.services.database)
        try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA busy_timeout = 200") }
        let holder = try Connection(path: server.databasePath)
        try holder.execute(sql: "BEGIN EXCLUSIVE")
        let busy = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "in alto"], bearer: learner.token)
        #expect(busy.status == 503)
        #expect(busy.header("Retry-After") != nil)
        #expect((try busy.json()["error"] as? [String: Any])?["code"] as? String == "database_busy")
        #expect(try await client.perform("GET", "/api/v1/me", bearer: learner.token).status == 200)
        try holder.execute(sql: "ROLLBACK")
        holder.close()
        let written = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "in alto"], bearer: learner.token)
        #expect(written.status == 200)
        await server.stop()
    }

    @Test func anUnreachableDatabaseAnswers503WithRetryAfterInBothShapes() throws {
        let lost = StoreError(kind: .unavailable, message: "connection to server lost")
        let api = try #require(
            StorageFaults.translate(lost, try Request(method: .post, target: "/api/v1/it/checkpoints/ch0-q1/attempts")))
        #expect(api.status == .serviceUnavailable)
        #expect(api.headers["Retry-After"] == String(StorageFaults.unavailableRetryAfter))
        let body = String(decoding: try #require(api.response).body, as: UTF8.self)
        #expect(body.contains("\"database_unavailable\""))
        let page = try #require(StorageFaults.translate(lost, try Request(method: .get, target: "/it/progress")))
        #expect(page.status == .serviceUnavailable)
        #expect(page.headers["Retry-After"] != nil)
        #expect(page.response == nil, "pages get the HTML error page")
        #expect(StorageFaults.translate(StoreError(kind: .failed, message: "bug"), nil) == nil, "others stay 500")
    }
}
