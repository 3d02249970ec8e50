/// An I/O-free push parser for HTTP/1.1 requests (RFC 9112).
///
/// Feed it bytes with `append(_:)` in whatever pieces they arrive, then call `next()` until it answers
/// `.needMoreData`. It never reads a socket and never allocates beyond `ServerLimits`: the request line, the
/// header block and the body are each bounded, and every violation becomes an `HTTPError` carrying the
/// status to answer (after which the connection must be closed; the parser stays failed).
public struct RequestParser: Sendable {
    /// What the bytes fed so far amount to.
    public enum Output: Sendable {
        /// The next request is incomplete.
        case needMoreData
        /// The head of a request with `Expect: 100-continue` was accepted and its body has not started:
        /// send `100 Continue` now, then keep feeding.
        case continueExpected
        /// A complete request.
        case request(Request)
        /// The request is malformed or over a limit; answer with the error's status and close.
        case failure(HTTPError)
    }

    enum State: Sendable {
        case head(HeadScan)
        case contentBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers(HeadScan)
        case failed(HTTPError)
    }

    /// Progress through a header block, relative to `start`.
    struct HeadScan: Sendable {
        var scanned = 0
        var lineStart = 0
        var lines = 0
        var emptyLinesSkipped = 0
        var headerBlockStart = 0
    }

    let limits: ServerLimits
    var buffer: [UInt8] = []
    var start = 0
    var state: State = .head(HeadScan())
    /// The request line of the head being scanned, parsed as soon as its CRLF arrives.
    var requestLine: RequestLine?
    var pending: Request?
    var body: [UInt8] = []
    var continuePending = false

    /// Creates a parser enforcing `limits` (request line, header block and count, body size).
    public init(limits: ServerLimits = ServerLimits()) {
        self.limits = limits
    }

    /// Adds received bytes.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Adds received bytes.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Whether part of a request has been received but not yet returned.
    public var hasPartialRequest: Bool {
        if case .head = state { return start < buffer.count }
        if case .failed = state { return false }
        return true
    }

    /// Whether the head of the current request is complete and its body is being received.
    public var isReadingBody: Bool {
        switch state {
        case .contentBody, .chunkSize, .chunkData, .chunkDataEnd, .trailers: true
        case .head, .failed: false
        }
    }

    /// Parses as far as the buffered bytes allow and reports the next event.
    public mutating func next() -> Output {
        while true {
            switch state {
            case .failed(let error):
                return .failure(error)
            case .head(var scan):
                switch scanHead(&scan) {
                case .incomplete:
                    state = .head(scan)
                    return .needMoreData
                case .failed(let error):
                    return fail(error)
                case .complete(let length):
                    switch makeRequest(scan: scan, headLength: length) {
                    case .failure(let error):
                        return fail(error)
                    case .success(let framing):
                        start += length
                        if let output = begin(framing) { return output }
                    }
                }
            case .contentBody(let remaining):
                guard buffer.count - start >= remaining else { return .needMoreData }
                body = Array(buffer[start..<(start + remaining)])
                start += remaining
                return finish()
            case .chunkSize, .chunkData, .chunkDataEnd, .trailers:
                switch advanceChunked() {
                case .incomplete: return .needMoreData
                case .failed(let error): return fail(error)
                case .complete: return finish()
                }
            }
        }
    }

    /// Moves to the body state for `framing`; returns an output when one is due now.
    private mutating func begin(_ framing: BodyFraming) -> Output? {
        switch framing.kind {
        case .none:
            return finish()
        case .length(let length):
            state = .contentBody(remaining: length)
        case .chunked:
            state = .chunkSize
        }
        if framing.expectsContinue && start == buffer.count {
            return .continueExpected
        }
        return nil
    }

    private mutating func finish() -> Output {
        state = .head(HeadScan())
        guard var request = pending.take() else {
            return fail(HTTPError(.internalServerError, "parser lost its request"))
        }
        swap(&request.body, &body)
        compact()
        return .request(request)
    }

    private mutating func fail(_ error: HTTPError) -> Output {
        state = .failed(error)
        requestLine = nil
        pending = nil
        body = []
        return .failure(error)
    }

    /// Drops consumed bytes; gives back large buffers so idle connections stay small.
    private mutating func compact() {
        guard start > 0 else { return }
        if start == buffer.count {
            if buffer.capacity > 64 * 1024 { buffer = [] } else { buffer.removeAll(keepingCapacity: true) }
            start = 0
        } else if start >= 16 * 1024 || start * 2 >= buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }
}
