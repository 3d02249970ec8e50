/// A parsed HTTP request: what handlers receive.
///
/// Produced by `RequestParser` (already validated: decoded path, query items, framing resolved), then
/// completed by the server with the peer address and by the router with path parameters.
public struct Request: Sendable {
    /// The request method.
    public var method: Method
    /// The request-target exactly as received (e.g. `/a%20b?x=1`).
    public var target: String
    /// The percent-decoded path, starting with `/` (or `*` for `OPTIONS *`).
    public var path: String
    /// The query items in order, `+` decoded as space and percent-decoded.
    public var queryItems: [QueryItem]
    /// The header fields in received order.
    public var headers: Headers
    /// The complete body (de-chunked); empty when the request has none.
    public var body: [UInt8]
    /// The protocol version of the request line.
    public var version: HTTPVersion
    /// The peer as `host:port`, when known.
    public var remoteAddress: String?
    /// The values captured by the matched route pattern.
    public var parameters: PathParameters

    /// Creates a request directly, for in-process use such as tests; the target is parsed like the parser does.
    ///
    /// - Throws: `HTTPError` (400) when the target is not a valid origin-form target.
    public init(
        method: Method, target: String, headers: Headers = Headers(), body: [UInt8] = [],
        version: HTTPVersion = .http1_1
    ) throws(HTTPError) {
        let parsed = try Array(target.utf8).withUnsafeBufferPointer { bytes throws(HTTPError) in
            try RequestTarget(parsing: bytes, method: method)
        }
        self.init(method: method, target: parsed, headers: headers, body: body, version: version)
    }

    init(method: Method, target: RequestTarget, headers: Headers, body: [UInt8], version: HTTPVersion) {
        self.method = method
        self.target = target.raw
        self.path = target.path
        self.queryItems = target.queryItems
        self.headers = headers
        self.body = body
        self.version = version
        self.remoteAddress = nil
        self.parameters = PathParameters()
    }

    /// The first query value named `name`, or `nil`.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Whether the client asked to keep the connection open after this exchange (RFC 9112 §9.3).
    public var wantsKeepAlive: Bool {
        if headers.containsToken("close", in: "Connection") { return false }
        if version == .http1_1 { return true }
        return headers.containsToken("keep-alive", in: "Connection")
    }
}

/// One `name=value` pair of a query string.
public struct QueryItem: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The HTTP version of a request line; only 1.0 and 1.1 are accepted.
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)

    public var description: String { "HTTP/\(major).\(minor)" }
}

/// Values captured from a route pattern: `:name` segments, and `*` for a catch-all suffix.
public struct PathParameters: Sendable, Sequence {
    private var pairs: [(name: String, value: String)] = []

    public init() {}

    /// The value captured for `name` (`"*"` for the catch-all remainder).
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    public var isEmpty: Bool { pairs.isEmpty }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { pairs.makeIterator() }

    mutating func append(_ name: String, _ value: String) {
        pairs.append((name, value))
    }

    mutating func removeLast() {
        pairs.removeLast()
    }
}
