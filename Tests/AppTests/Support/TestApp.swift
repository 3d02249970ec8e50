import Foundation
import Synchronization

@testable import App
@testable import HTTP

/// Folio in-process: the real services and router over a fresh SQLite file, each request handed to the
/// router as a `Request` value instead of bytes on a socket.
///
/// The services come from `Application.prepare` and the routes from `Routes.make`, as `folio serve` builds
/// them; the content is the process's `SharedContent`. The API is `TestServer`'s (`client()`, `stop()`,
/// `services`, `port`, `databasePath`, `contentDirectory`), so a route test moves between the two by its type
/// name. What only a socket shows (framing, keep-alive, timeouts, shutdown, the access log) stays on
/// `TestServer`.
final class TestApp: Sendable {
    /// The port of the public origin and of `Host`. Nothing listens on it: a test that opens a socket to it
    /// fails at once (port 1, tcpmux, is never served here) instead of reaching another process.
    static let originPort = 1

    let directory: URL
    let configuration: Configuration
    let services: Services
    let router: Router
    private let observer: ResponseObserver
    private let log: LogHandler
    private let connections = Atomic<Int>(0)

    var port: Int { Self.originPort }
    var databasePath: String { configuration.databasePath }
    var contentDirectory: String { configuration.contentDirectory }

    /// Prepares Folio as `TestServer` starts it, without listening; with `copyContent` the content directory
    /// is a private copy the test may change (and reload).
    init(copyContent: Bool = false, configure: (inout Configuration) -> Void = { _ in }) throws {
        directory = try TestServer.makeDirectory()
        var configuration = try TestServer.configuration(in: directory, copyContent: copyContent)
        configuration.port = Self.originPort
        configure(&configuration)
        let copy = copyContent ? directory.appendingPathComponent("Content").path : nil
        let logger = Logger(format: configuration.logFormat)
        services = try Application.prepare(
            configuration, logger: logger,
            preloaded: SharedContent.snapshot(for: configuration, pristineCopy: copy))
        services.publicOrigin.listen(host: configuration.host, port: Self.originPort)
        self.configuration = configuration
        router = Routes.make(services)
        observer = Application.requestObserver(metrics: services.metrics, accessLog: nil)
        log = { level, message in
            guard level > .debug else { return }
            logger.log(level >= .error ? .error : level == .warning ? .warning : .info, message)
        }
    }

    /// Commits queued writes, closes the database and removes the directory.
    func stop() async {
        services.database.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A new client (its own cookie jar and client address), as a new connection to a server would be.
    func client() -> TestClient {
        TestClient(app: self)
    }

    /// A client address for a new client: 127.0.0.1 with a port of its own, as the kernel would give.
    func nextRemoteAddress() -> String {
        "127.0.0.1:\(40000 + connections.add(1, ordering: .relaxed).newValue)"
    }

    /// Answers one request as the server does: route, handler, error responses, then the request metrics.
    func respond(to request: Request) async -> HTTP.Response {
        let started = ContinuousClock.now
        let (response, pattern) = await router.route(request, log: log)
        observer(
            ResponseRecord(
                method: request.method, route: pattern, path: request.path, status: response.status,
                bytes: response.body.count, duration: ContinuousClock.now - started,
                remoteAddress: request.remoteAddress))
        return response
    }

    /// What a request that does not parse gets (a malformed target): the server's own error response.
    func respond(toUnparsable error: HTTPError) -> HTTP.Response {
        router.response(for: error, request: nil, log: nil)
    }
}
