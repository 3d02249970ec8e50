import HTTP
import Synchronization

/// Runs `body` against a server on 127.0.0.1 with an ephemeral port, then shuts it down.
func withServer<T: Sendable>(
    limits: ServerLimits = ServerLimits(), eventLoops: Int = 2, observer: ResponseObserver? = nil,
    router: Router, _ body: (Server) async throws -> T
) async throws -> T {
    let server = try Server.start(
        configuration: ServerConfiguration(host: "127.0.0.1", port: 0, eventLoopCount: eventLoops, limits: limits),
        router: router, observer: observer)
    do {
        let result = try await body(server)
        await server.shutdown(gracePeriod: .milliseconds(200))
        return result
    } catch {
        await server.shutdown(gracePeriod: .milliseconds(200))
        throw error
    }
}

/// Short timeouts so timeout tests finish quickly.
func shortLimits() -> ServerLimits {
    var limits = ServerLimits()
    limits.headerReadTimeout = .milliseconds(400)
    limits.bodyReadTimeout = .milliseconds(400)
    limits.idleTimeout = .seconds(2)
    limits.writeTimeout = .milliseconds(800)
    limits.lingerTimeout = .milliseconds(200)
    return limits
}

extension Router {
    /// A router with the routes most server tests use.
    static func testRoutes() -> Router {
        var router = Router()
        router.get("/hello") { _ in .text("hello") }
        router.get("/items/:id") { request in .text("item \(request.parameters["id"] ?? "")") }
        router.post("/echo") { request in
            Response(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: request.body)
        }
        router.get("/slow/:ms") { request in
            let milliseconds = Int(request.parameters["ms"] ?? "") ?? 0
            try await Task.sleep(for: .milliseconds(milliseconds))
            return .text("slow \(milliseconds)")
        }
        router.get("/bytes/:count") { request in
            let count = Int(request.parameters["count"] ?? "") ?? 0
            return Response(
                status: .ok, headers: ["Content-Type": "application/octet-stream"],
                body: [UInt8](repeating: UInt8(count % 251), count: count))
        }
        router.get("/big") { _ in
            Response(
                status: .ok, headers: ["Content-Type": "application/octet-stream"],
                body: [UInt8](repeating: 0x61, count: 4 * 1024 * 1024))
        }
        return router
    }
}

/// Values appended from several threads.
final class Collected<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    func append(_ value: Value) { storage.withLock { $0.append(value) } }

    var values: [Value] { storage.withLock { $0 } }
}
