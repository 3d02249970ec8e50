import Foundation
import Locking
import SQLite
import Testing

@testable import App

@Suite(.serialized) struct OperationsTests {
    @Test func metricsParseAsPrometheusTextAndCountWhatHappened() async throws {
        let server = try TestServer()
        let client = server.client()
        #expect(try await client.perform("GET", "/metrics").status == 401)
        let first = try await client.perform("GET", "/metrics", headers: AdminTestSupport.bearer)
        #expect(first.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        let before = try PrometheusText(first.text)
        for _ in 0..<3 { #expect(try await client.perform("GET", "/api/v1/languages").status == 200) }
        #expect(try await client.perform("GET", "/no/such/route/here").status == 404)
        let attempt = "/api/v1/it/checkpoints/ch0-q1/attempts"
        #expect(try await client.perform("POST", attempt, json: ["answer": "in alto e in basso"]).status == 200)
        #expect(try await client.perform("POST", attempt, json: ["answer": "di lato"]).status == 200)
        let idle = (0..<3).map { _ in server.client() }
        for other in idle { #expect(try await other.perform("GET", "/healthz").status == 200) }

        let after = try PrometheusText(
            try await client.perform("GET", "/metrics", headers: AdminTestSupport.bearer).text)
        func increase(_ name: String, _ labels: [String: String]) -> Double {
            after.value(name, labels) - before.value(name, labels)
        }
        let requests = "folio_http_requests_total"
        #expect(increase(requests, ["method": "GET", "route": "/api/v1/languages", "status": "200"]) == 3)
        #expect(increase(requests, ["method": "GET", "route": "unmatched", "status": "404"]) == 1)
        #expect(
            increase(requests, ["method": "POST", "route": "/api/v1/:lang/checkpoints/:id/attempts", "status": "200"])
                == 2)
        #expect(increase(requests, ["method": "GET", "route": "/metrics", "status": "401"]) == 0)
        #expect(after.value(requests, ["method": "GET", "route": "/metrics", "status": "401"]) == 1)
        #expect(increase("folio_attempts_graded_total", ["verdict": "correct"]) == 1)
        #expect(increase("folio_attempts_graded_total", ["verdict": "incorrect"]) == 1)
        #expect(increase("folio_attempts_graded_total", ["verdict": "partial"]) == 0)
        #expect(after.types["folio_http_request_duration_seconds"] == "histogram")
        let count = after.value("folio_http_request_duration_seconds_count")
        #expect(count - before.value("folio_http_request_duration_seconds_count") >= 10)
        let buckets = after.samples.filter { $0.name == "folio_http_request_duration_seconds_bucket" }
        #expect(zip(buckets, buckets.dropFirst()).allSatisfy { $0.value <= $1.value }, "buckets are cumulative")
        #expect(buckets.last?.labels["le"] == "+Inf" && buckets.last?.value == count)
        #expect(after.sum(requests) == count, "every request is in the histogram once")
        #expect(after.value("folio_open_connections") >= 4, "the scraper and three idle keep-alive clients")
        #expect(after.value("folio_content_reloads_total", ["outcome": "success"]) == 0)
        let snapshot = server.services.content.snapshot
        #expect(after.value("folio_content_version", ["hash": snapshot.contentHash]) == Double(snapshot.versionID))
        #expect(after.value("folio_database_size_bytes") > 0)

        for other in idle { other.reset() }
        var open = after.value("folio_open_connections")
        for _ in 0..<100 where open > 1 {
            try await Task.sleep(for: .milliseconds(50))
            open = try PrometheusText(
                try await client.perform("GET", "/metrics", headers: AdminTestSupport.bearer).text
            ).value("folio_open_connections")
        }
        #expect(open == 1, "closed connections leave the gauge")
        await server.stop()
    }

    @Test func requestsRecordedOnManyThreadsAreEachCountedOnce() throws {
        let metrics = Metrics()
        DispatchQueue.concurrentPerform(iterations: 12) { thread in
            for index in 0..<500 {
                metrics.recordRequest(
                    method: "GET", route: thread.isMultiple(of: 2) ? "/a" : "/b", status: 200,
                    seconds: index.isMultiple(of: 5) ? 0.003 : 0.0002)
            }
        }
        let text = try PrometheusText(metrics.render(contentVersion: 1, contentHash: "h", databaseBytes: 0))
        let requests = "folio_http_requests_total"
        #expect(text.value(requests, ["method": "GET", "route": "/a", "status": "200"]) == 3_000)
        #expect(text.value(requests, ["method": "GET", "route": "/b", "status": "200"]) == 3_000)
        #expect(text.value("folio_http_request_duration_seconds_count") == 6_000)
        #expect(text.value("folio_http_request_duration_seconds_bucket", ["le": "0.0005"]) == 4_800)
        #expect(text.value("folio_http_request_duration_seconds_bucket", ["le": "0.0025"]) == 4_800)
        #expect(text.value("folio_http_request_duration_seconds_bucket", ["le": "0.005"]) == 6_000)
    }

    @Test func aBackupTakenUnderWriteLoadIsWhollyConsistentAndLandsInTheBackupDirectory() async throws {
        let backups = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-backups-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: backups) }
        let server = try TestServer { $0.backupDirectory = backups.path }
        let port = server.port
        #expect(try await server.client().perform("POST", "/admin/backup").status == 401)
        #expect(!FileManager.default.fileExists(atPath: backups.path), "a refused request writes nothing")
        let storedSoFar = Locked(0)
        let writers = Task {
            await AdminTestSupport.onThreads(8) { _ -> Int in
                let client = TestClient(port: port)
                var stored = 0
                for index in 0..<25 {
                    let answer = index.isMultiple(of: 2) ? "in alto e in basso" : "di lato"
                    if (try? client.postJSON("/api/v1/it/checkpoints/ch0-q1/attempts", ["answer": answer]))?.status
                        == 200
                    {
                        stored += 1
                        storedSoFar.withLock { $0 += 1 }
                    }
                }
                return stored
            }
        }
        for _ in 0..<1_000 where storedSoFar.withLock({ $0 }) < 50 { try await Task.sleep(for: .milliseconds(5)) }
        let response = try await server.client().perform(
            "POST", "/admin/backup", json: ["path": "/tmp/elsewhere.sqlite"], headers: AdminTestSupport.bearer)
        let acknowledged = await writers.value.reduce(0, +)
        #expect(acknowledged >= 50)
        #expect(response.status == 200)
        let backup = try response.json()
        let path = try #require(backup["path"] as? String)
        let file = try #require(backup["file"] as? String)
        #expect(path == backups.path + "/" + file)
        #expect(BackupService.isGeneratedName(file))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let size = attributes[.size] as? NSNumber
        #expect(backup["bytes"] as? Int == size?.intValue && (size?.intValue ?? 0) > 0)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/elsewhere.sqlite"))

        let copy = try Database(path: path)
        let check: String? = try await copy.read { try $0.scalar(sql: "PRAGMA integrity_check") }
        let copied: Int64? = try await copy.read { try $0.scalar(sql: "SELECT count(*) FROM attempts") }
        let scored: Int64? = try await copy.read {
            try $0.scalar(sql: "SELECT coalesce(sum(attempts), 0) FROM question_scores")
        }
        copy.close()
        #expect(check == "ok")
        let live = try Database(path: server.databasePath)
        let stored: Int64? = try await live.read { try $0.scalar(sql: "SELECT count(*) FROM attempts") }
        live.close()
        #expect((copied ?? -1) >= 50 && (copied ?? -1) <= (stored ?? 0))
        #expect(copied == scored, "attempts and their score rows were copied from one transaction")

        let second = try await server.client().perform("POST", "/admin/backup", headers: AdminTestSupport.bearer)
        #expect(try second.json()["file"] as? String != file, "every backup gets a file of its own")
        await server.stop()
    }

    @Test(
        arguments: [
            ("/join/:code", "/join/SECRETCODE", "/join/[redacted]"),
            ("/api/v1/:lang/chapters/:n", "/api/v1/it/chapters/3", "/api/v1/it/chapters/3"),
            (nil, "/no/route", "/no/route"),
        ] as [(String?, String, String)])
    func theAccessLogRedactsSecretPathParameters(route: String?, path: String, logged: String) {
        #expect(AccessLogPath.redacted(path: path, route: route) == logged)
    }

    @Test func backupFileNamesAreTimestampsAndNothingElseIsTakenForOne() {
        #expect(BackupService.fileName(at: 0) == "folio-backup-19700101T000000.000Z.sqlite")
        #expect(BackupService.fileName(at: 86_400_001, suffix: 2) == "folio-backup-19700102T000000.001Z-2.sqlite")
        for name in ["../folio.sqlite", "folio-backup-x/../../etc.sqlite", "folio.sqlite", "folio-backup-1.sqlite-wal"]
        {
            #expect(!BackupService.isGeneratedName(name), "\(name)")
        }
        #expect(BackupService.isGeneratedName(BackupService.fileName(at: 0, suffix: 2)))
    }
}
