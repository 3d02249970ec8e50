import Foundation
import HTTP

/// `/healthz` for orchestrators and `/metrics` for Prometheus.
///
/// `/healthz` answers 503 with `"database":"full"` while writes fail for lack of disk space; it probes for
/// space itself (at most once a second), so it turns healthy again without any client write.
enum OperationsRoutes {
    /// What health and metrics use: the database's health, content, metrics, admin access and the log.
    struct Context: Sendable {
        let database: any DatabaseHealth
        let logger: Logger
        let content: ContentHost
        let adminAccess: AdminAccess
        let metrics: Metrics

        init(_ services: Services) {
            database = services.stores.health
            logger = services.logger
            content = services.content
            adminAccess = services.adminAccess
            metrics = services.metrics
        }
    }

    static func register(on router: inout Router, _ context: Context, metricsRequireAdmin: Bool = true) {
        router.get("/healthz") { _ async throws -> Response in
            var database = "ok"
            var status = Status.ok
            do {
                try context.database.check()
            } catch {
                database = "unavailable"
                status = .serviceUnavailable
                context.logger.log(.error, "health check: database unusable", ["error": "\(error)"])
            }
            if status == .ok, await context.database.probeStorage(now: RateLimiter.monotonicSeconds()) {
                database = "full"
                status = .serviceUnavailable
            }
            let body =
                "{\"status\":\(JSONText.string(status == .ok ? "ok" : "degraded")),\"version\":\(JSONText.string(FolioVersion.current)),"
                + "\"database\":\(JSONText.string(database)),\"content\":\(JSONText.string(context.content.snapshot.contentHash))}"
            var headers = Headers()
            headers.add("Cache-Control", "no-store")
            return Response.json(bytes: Array(body.utf8), status: status, headers: headers)
        }
        router.get("/metrics") { request in
            if metricsRequireAdmin { try context.adminAccess.requireBearer(request) }
            let snapshot = context.content.snapshot
            let text = context.metrics.render(
                contentVersion: snapshot.versionID, contentHash: snapshot.contentHash,
                databaseBytes: context.database.sizeBytes, databaseFull: context.database.isFull)
            var headers = Headers()
            headers.add("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
            headers.add("Cache-Control", "no-store")
            return Response(status: .ok, headers: headers, body: Array(text.utf8))
        }
    }
}

/// The version reported by `/healthz` and `folio --help`.
public enum FolioVersion {
    public static let current = "0.9.0"
}
