import Foundation
import HTTP

/// `/healthz` for orchestrators and `/metrics` for Prometheus.
///
/// `/healthz` answers 503 with `"database":"full"` while writes fail for lack of disk space; it probes for
/// space itself (at most once a second), so it turns healthy again without any client write.
enum OperationsRoutes {
    static func register(on router: inout Router, _ services: Services, metricsRequireAdmin: Bool = true) {
        router.get("/healthz") { _ async throws -> Response in
            var database = "ok"
            var status = Status.ok
            do {
                try services.database.check()
            } catch {
                database = "unavailable"
                status = .serviceUnavailable
                services.logger.log(.error, "health check: database unusable", ["error": "\(error)"])
            }
            if status == .ok, await services.database.probeStorage(now: RateLimiter.monotonicSeconds()) {
                database = "full"
                status = .serviceUnavailable
            }
            let body =
                "{\"status\":\(JSONText.string(status == .ok ? "ok" : "degraded")),\"version\":\(JSONText.string(FolioVersion.current)),"
                + "\"database\":\(JSONText.string(database)),\"content\":\(JSONText.string(services.content.snapshot.contentHash))}"
            var headers = Headers()
            headers.add("Cache-Control", "no-store")
            return Response.json(bytes: Array(body.utf8), status: status, headers: headers)
        }
        router.get("/metrics") { request in
            if metricsRequireAdmin { try services.adminAccess.requireBearer(request) }
            let snapshot = services.content.snapshot
            let text = services.metrics.render(
                contentVersion: snapshot.versionID, contentHash: snapshot.contentHash,
                databaseBytes: databaseBytes(services.database.path), databaseFull: services.database.storage.isFull)
            var headers = Headers()
            headers.add("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
            headers.add("Cache-Control", "no-store")
            return Response(status: .ok, headers: headers, body: Array(text.utf8))
        }
    }

    /// The database file and its WAL, in bytes (`stat`, no I/O on the data).
    static func databaseBytes(_ path: String) -> Int64 {
        [path, path + "-wal"].reduce(0) { total, file in
            var info = stat()
            return stat(file, &info) == 0 ? total + Int64(info.st_size) : total
        }
    }
}

/// The version reported by `/healthz` and `folio --help`.
public enum FolioVersion {
    public static let current = "0.9.0"
}
