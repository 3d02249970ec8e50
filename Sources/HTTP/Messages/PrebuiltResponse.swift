/// A response serialized once (status line, headers, body) and then written many times without copying.
///
/// Meant for pre-rendered pages and static files. Only `Date` and `Connection` are added per write, from a
/// per-event-loop cache refreshed once a second; the body is shared by reference between connections.
public final class PrebuiltResponse: Sendable {
    /// The status code.
    public let status: Status
    /// The headers given at creation (framing headers are added when serializing).
    public let headers: Headers
    /// The status line and headers including `Content-Length`, without `Date`, `Connection` and the blank line.
    let head: ByteChunk
    let body: ByteChunk
    /// Whether `headers` ask to close the connection after this response.
    let requestsClose: Bool

    /// Serializes `status`, `headers` and `body` once.
    public init(status: Status = .ok, headers: Headers = Headers(), body: [UInt8]) {
        self.status = status
        self.headers = headers
        head = ByteChunk(ResponseHead.bytes(status: status, headers: headers, bodyCount: body.count))
        self.body = ByteChunk(body)
        requestsClose = headers.containsToken("close", in: "Connection")
    }

    /// Wraps this in a `Response` that handlers return.
    public var response: Response { Response(self) }

    /// The body length in bytes.
    public var bodyCount: Int { body.count }
}
