/// An HTTP response: status, headers and body.
///
/// The server adds `Date`, `Content-Length` and, when it closes the connection, `Connection: close`; it adds
/// `Content-Type` when the handler did not. A response may wrap a `PrebuiltResponse`, whose bytes were
/// serialized once; changing any property turns it back into an ordinary response.
public struct Response: Sendable {
    enum Storage: Sendable {
        case parts(status: Status, headers: Headers, body: [UInt8])
        case prebuilt(PrebuiltResponse)
    }

    var storage: Storage

    /// Creates a response; add a `Content-Type` header or use `text`, `html`, `json` or `redirect`.
    public init(status: Status = .ok, headers: Headers = Headers(), body: [UInt8] = []) {
        storage = .parts(status: status, headers: headers, body: body)
    }

    /// Wraps bytes serialized once, for pages served at full speed.
    public init(_ prebuilt: PrebuiltResponse) {
        storage = .prebuilt(prebuilt)
    }

    /// The status code.
    public var status: Status {
        get {
            switch storage {
            case let .parts(status, _, _): status
            case let .prebuilt(prebuilt): prebuilt.status
            }
        }
        set {
            let (_, headers, body) = parts
            storage = .parts(status: newValue, headers: headers, body: body)
        }
    }

    /// The headers set by the handler (the server's own framing headers are not listed).
    public var headers: Headers {
        get {
            switch storage {
            case let .parts(_, headers, _): headers
            case let .prebuilt(prebuilt): prebuilt.headers
            }
        }
        set {
            let (status, _, body) = parts
            storage = .parts(status: status, headers: newValue, body: body)
        }
    }

    /// The body bytes.
    public var body: [UInt8] {
        get {
            switch storage {
            case let .parts(_, _, body): body
            case let .prebuilt(prebuilt): prebuilt.body.array
            }
        }
        set {
            let (status, headers, _) = parts
            storage = .parts(status: status, headers: headers, body: newValue)
        }
    }

    private var parts: (Status, Headers, [UInt8]) {
        switch storage {
        case let .parts(status, headers, body): (status, headers, body)
        case let .prebuilt(prebuilt): (prebuilt.status, prebuilt.headers, prebuilt.body.array)
        }
    }

    /// Whether the handler asked to close the connection after this response.
    var requestsClose: Bool {
        switch storage {
        case let .parts(_, headers, _): headers.containsToken("close", in: "Connection")
        case let .prebuilt(prebuilt): prebuilt.requestsClose
        }
    }
}
