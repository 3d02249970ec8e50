/// Every size limit and timeout of the server, in one value with documented defaults.
///
/// Size limits are answered with their RFC status (414, 431, 413); timeouts close the connection, after a
/// 408 when part of a request had arrived.
public struct ServerLimits: Sendable, Hashable {
    /// Longest request line in bytes, CRLF excluded (414 URI Too Long beyond). Default 8 KiB.
    public var maxRequestLineBytes = 8 * 1024
    /// Largest header block in bytes after the request line, trailers included (431 beyond). Default 16 KiB.
    public var maxHeaderBytes = 16 * 1024
    /// Most header fields in one request (431 beyond). Default 100.
    public var maxHeaderCount = 100
    /// Largest request body in bytes, after de-chunking (413 Content Too Large beyond). Default 1 MiB.
    public var maxBodyBytes = 1024 * 1024
    /// Most connections open at once over all event loops; more are answered 503 and closed. Default 4096.
    public var maxConnections = 4096
    /// Most requests of one connection parsed but not yet answered (pipelining); reading pauses beyond.
    /// Default 16.
    public var maxPipelinedRequests = 16
    /// Most requests of one connection handled per turn of its event loop; past it the connection waits
    /// until every other ready connection of the loop has had its turn, so one client's pipeline cannot
    /// monopolise a loop. Default 8.
    public var maxRequestsPerTurn = 8
    /// Pending output above which a connection stops reading new requests until its client catches up.
    /// Default 256 KiB.
    public var outputHighWaterBytes = 256 * 1024
    /// Pending output above which the connection is closed (a client that does not read). Default 16 MiB.
    public var maxPendingOutputBytes = 16 * 1024 * 1024
    /// Time allowed from the first byte of a request to the end of its header block (408 then close).
    /// Default 10 s.
    public var headerReadTimeout: Duration = .seconds(10)
    /// Time allowed from the end of the header block to the end of the body (408 then close). Default 30 s.
    public var bodyReadTimeout: Duration = .seconds(30)
    /// Time an idle keep-alive connection is kept open waiting for its next request. Default 30 s.
    public var idleTimeout: Duration = .seconds(30)
    /// Time pending output may make no progress before the connection is closed. Default 30 s.
    public var writeTimeout: Duration = .seconds(30)
    /// Time spent discarding input after the last response before closing, so the client reads that
    /// response rather than a reset. Default 2 s.
    public var lingerTimeout: Duration = .seconds(2)

    /// The documented defaults.
    public init() {}

    /// Descriptors kept for everything but client sockets: listener, epolls, eventfds, database, response files.
    static let reservedDescriptors = 256

    /// These limits with `maxConnections` lowered, when needed, so the connections and the 503 margin over them
    /// (an eighth, at least 16: refused connections hold a descriptor until answered) fit in `descriptorLimit`
    /// open files. Past that limit `accept` fails with `EMFILE` and new clients wait unanswered.
    func fitting(descriptorLimit: Int) -> ServerLimits {
        let fit = max(16, (descriptorLimit - ServerLimits.reservedDescriptors) / 9 * 8)
        guard fit < maxConnections else { return self }
        var fitted = self
        fitted.maxConnections = fit
        return fitted
    }

    /// The shortest timeout, which sets the timer wheel's resolution.
    var shortestTimeout: Duration {
        [headerReadTimeout, bodyReadTimeout, idleTimeout, writeTimeout, lingerTimeout].min() ?? .seconds(1)
    }
}

extension Duration {
    /// Whole nanoseconds, saturating.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let (product, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : product &+ UInt64(attoseconds / 1_000_000_000)
    }
}
