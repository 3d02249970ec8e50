/// Severity of a message the server hands to the application's logger.
public enum LogLevel: String, Sendable, Comparable {
    case debug, info, warning, error

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        let order: [LogLevel] = [.debug, .info, .warning, .error]
        return order.firstIndex(of: lhs) ?? 0 < order.firstIndex(of: rhs) ?? 0
    }
}

/// Receives the server's log messages; the HTTP module never writes to a stream itself.
public typealias LogHandler = @Sendable (LogLevel, String) -> Void

/// One finished response, for the access log and metrics.
public struct ResponseRecord: Sendable {
    /// The request method; `nil` when the request could not be parsed.
    public var method: Method?
    /// The matched route pattern (e.g. `/api/v1/:lang/chapters/:n`); `nil` when no route matched.
    public var route: String?
    /// The decoded request path; `nil` when the request could not be parsed.
    public var path: String?
    /// The response status.
    public var status: Status
    /// Bytes queued for the client: status line, headers and body.
    public var bytes: Int
    /// Time from the complete request to the queued response.
    public var duration: Duration
    /// The peer as `host:port`.
    public var remoteAddress: String?
}

/// Called on an event-loop thread once per response; keep it cheap (buffer or hand off expensive work).
public typealias ResponseObserver = @Sendable (ResponseRecord) -> Void
