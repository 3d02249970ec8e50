import Synchronization

/// Maps method and path to handlers: `:name` segments capture parameters, a final `*` captures the rest.
///
/// Build it once at start-up, then hand it to `Server` (it is an immutable `Sendable` value from then on).
/// Unmatched paths answer 404; a path registered for other methods answers 405 with `Allow`, and `OPTIONS`
/// answers 204 with `Allow`; `HEAD` is served by the `GET` route (the server drops the body).
public struct Router: Sendable {
    /// Turns an error into the response body format the application wants (plain text by default).
    /// The request is `nil` when the request itself could not be parsed.
    public typealias ErrorFormatter = @Sendable (HTTPError, Request?) -> Response

    /// The outcome of looking a request up.
    enum Resolution {
        case handler(RouteNode.Entry)
        case notFound
        case methodNotAllowed(allow: [Method])
        case options(allow: [Method])
    }

    /// The routing tree, behind one reference so copies of the router (one per request on the hot path)
    /// cost a single retain; copied on write.
    private final class Table: Sendable {
        let tree: RouteNode
        let routes: [Route]
        /// Frozen on the first lookup, not on every `add`: registering n routes would otherwise build n trees.
        private let frozen = AtomicLazyReference<RouteMatcher>()

        init(tree: RouteNode, routes: [Route]) {
            self.tree = tree
            self.routes = routes
        }

        var matcher: RouteMatcher {
            frozen.load() ?? frozen.storeIfNil(RouteMatcher(tree))
        }
    }

    private var table = Table(tree: RouteNode(), routes: [])
    /// Every registered (method, pattern) pair, in registration order.
    public var routes: [Route] { table.routes }
    /// Formats error responses: 404, 405, parse errors and `HTTPError`s thrown by handlers.
    public var errorFormatter: ErrorFormatter = Router.plainTextError
    /// Turns an error that is not an `HTTPError` into one (a full disk into a 503, say) before the generic
    /// 500; `nil` from it keeps the 500 and its log line.
    public var errorTranslator: (@Sendable (any Error, Request?) -> HTTPError?)?

    /// Creates an empty router.
    public init() {}

    /// Registers `handler` for `method` requests matching `pattern` (e.g. `/api/v1/:lang/chapters/:n`).
    ///
    /// A malformed pattern or a duplicate route is a programmer error (precondition failure).
    public mutating func add(_ method: Method, _ pattern: String, _ handler: Handler) {
        var tree = table.tree
        tree.insert(
            RouteNode.segments(of: pattern)[...], method: method,
            entry: RouteNode.Entry(handler: handler, pattern: pattern))
        table = Table(tree: tree, routes: table.routes + [Route(method: method, pattern: pattern)])
    }

    /// Looks up the handler for `request` and stores the captured path parameters into it.
    func resolve(_ request: inout Request) -> Resolution {
        if request.path == "*" {
            return .options(allow: Method.supported.filter { ![.trace, .connect, .query].contains($0) })
        }
        var parameters = PathParameters()
        guard let handlers = table.matcher.match(request.path, parameters: &parameters) else {
            return .notFound
        }
        request.parameters = parameters
        if let entry = handlers[request.method] ?? (request.method == .head ? handlers[.get] : nil) {
            return .handler(entry)
        }
        let allow = Router.allowedMethods(handlers.methods)
        return request.method == .options ? .options(allow: allow) : .methodNotAllowed(allow: allow)
    }

    /// Runs the whole routing step in-process, for tests and internal callers: lookup, handler, errors.
    public func respond(to request: Request) async -> Response {
        await route(request).response
    }

    /// `respond(to:)` that also names the pattern of the route that answered (`nil` when none matched), as
    /// the server reports it in a `ResponseRecord`; `log` receives unhandled errors as the server logs them.
    public func route(_ request: Request, log: LogHandler? = nil) async -> (response: Response, pattern: String?) {
        var request = request
        switch resolve(&request) {
        case .handler(let entry):
            do {
                switch entry.handler {
                case .immediate(let handler): return (try handler(request), entry.pattern)
                case .async(let handler): return (try await handler(request), entry.pattern)
                case .deferring(let handler):
                    switch try handler(request) {
                    case .now(let response): return (response, entry.pattern)
                    case .later(let work): return (try await work(), entry.pattern)
                    }
                }
            } catch {
                return (response(for: error, request: request, log: log), entry.pattern)
            }
        case let other:
            return (response(for: other, request: request), nil)
        }
    }

    /// The response for a resolution that has no handler.
    func response(for resolution: Resolution, request: Request) -> Response {
        switch resolution {
        case .handler:
            return response(for: HTTPError(.internalServerError), request: request, log: nil)
        case .notFound:
            return response(for: HTTPError(.notFound, "no route for \(request.path)"), request: request, log: nil)
        case .methodNotAllowed(let allow):
            var headers = Headers()
            headers.add("Allow", allow.map(\.rawValue).joined(separator: ", "))
            return response(
                for: HTTPError(.methodNotAllowed, "\(request.method) is not allowed here", headers: headers),
                request: request, log: nil)
        case .options(let allow):
            var headers = Headers()
            headers.add("Allow", allow.map(\.rawValue).joined(separator: ", "))
            headers.add("Content-Type", "text/plain; charset=utf-8")
            return Response(status: .noContent, headers: headers)
        }
    }

    /// The response for an error thrown while handling `request` (or parsing it, when `request` is nil).
    ///
    /// An `HTTPError` (or what `errorTranslator` makes of another error) is formatted by `errorFormatter`
    /// (or sent as its own `response`); anything else is logged and answered with a generic 500 that
    /// never echoes the error.
    func response(for error: any Error, request: Request?, log: LogHandler?) -> Response {
        guard let httpError = error as? HTTPError ?? errorTranslator?(error, request) else {
            log?(.error, "unhandled error for \(request.map { "\($0.method) \($0.path)" } ?? "request"): \(error)")
            return errorFormatter(HTTPError(.internalServerError, "internal server error"), request)
        }
        var response = httpError.response ?? errorFormatter(httpError, request)
        for (name, value) in httpError.headers { response.headers[name] = value }
        return response
    }

    /// `text/plain` bodies such as `404 Not Found: no route for /x`.
    public static let plainTextError: ErrorFormatter = { error, _ in
        let reason = "\(error.status.code) \(error.status.reasonPhrase)"
        return Response.text(
            error.message.isEmpty ? "\(reason)\n" : "\(reason): \(error.message)\n", status: error.status)
    }

    private static func allowedMethods(_ registered: some Sequence<Method>) -> [Method] {
        var methods = Set(registered)
        if methods.contains(.get) { methods.insert(.head) }
        methods.insert(.options)
        let order = Method.supported
        return methods.sorted {
            (order.firstIndex(of: $0) ?? order.count, $0.rawValue) < (
                order.firstIndex(of: $1) ?? order.count, $1.rawValue
            )
        }
    }
}
