/// The pure timing and keep-alive rules of one connection: which deadline applies now, what happens when
/// it passes, and whether a response keeps the connection open.
///
/// The event loop reports what happened (bytes parsed, output written or blocked, lingering started) and
/// schedules the deadline this value answers; it holds no descriptors, so every rule is tested without I/O.
struct ConnectionLifecycle: Sendable {
    /// The deadline in force.
    enum Timeout: Equatable, Sendable {
        /// Waiting for the next request on a keep-alive connection.
        case idle
        /// Part of a request head has arrived; the rest must come within `headerReadTimeout`.
        case headerRead
        /// The head is complete; the body must arrive within `bodyReadTimeout`.
        case bodyRead
        /// Output is pending and the client has not taken any for `writeTimeout`.
        case write
        /// The last response is written; input is discarded until the client closes or this expires.
        case linger
    }

    /// What to do when a deadline passes.
    enum TimeoutAction: Equatable, Sendable {
        case close
        /// Answer 408 Request Timeout, then close.
        case respondRequestTimeout
    }

    private let limits: ServerLimits
    private(set) var lastActivity: UInt64
    private(set) var headStarted: UInt64?
    private(set) var bodyStarted: UInt64?
    private(set) var writeStalledSince: UInt64?
    private(set) var lingerStarted: UInt64?

    init(limits: ServerLimits, now: UInt64) {
        self.limits = limits
        lastActivity = now
    }

    /// Records the parser's state after bytes were fed and parsed. While earlier requests still await their
    /// responses the client is not the one holding things up, so request timers do not run.
    mutating func parsed(now: UInt64, partialRequest: Bool, readingBody: Bool, awaitingResponses: Bool) {
        if !partialRequest || awaitingResponses {
            headStarted = nil
            bodyStarted = nil
            return
        }
        if headStarted == nil { headStarted = now }
        if readingBody {
            if bodyStarted == nil { bodyStarted = now }
        } else {
            bodyStarted = nil
        }
    }

    /// Records input or a completed exchange: the connection is active.
    mutating func touched(now: UInt64) {
        lastActivity = now
    }

    /// Records a write: progress clears the stall clock; pending output left behind starts it.
    mutating func wrote(now: UInt64, progressed: Bool, pending: Bool) {
        if progressed {
            lastActivity = now
            writeStalledSince = nil
        }
        if !pending {
            writeStalledSince = nil
        } else if writeStalledSince == nil {
            writeStalledSince = now
        }
    }

    mutating func startLinger(now: UInt64) {
        lingerStarted = now
    }

    /// The deadline in force and when it passes, or `nil` while only handlers are awaited.
    func deadline(awaitingResponses: Bool) -> (timeout: Timeout, at: UInt64)? {
        if let lingerStarted { return (.linger, lingerStarted &+ limits.lingerTimeout.nanoseconds) }
        if let writeStalledSince { return (.write, writeStalledSince &+ limits.writeTimeout.nanoseconds) }
        if awaitingResponses { return nil }
        if let bodyStarted { return (.bodyRead, bodyStarted &+ limits.bodyReadTimeout.nanoseconds) }
        if let headStarted { return (.headerRead, headStarted &+ limits.headerReadTimeout.nanoseconds) }
        return (.idle, lastActivity &+ limits.idleTimeout.nanoseconds)
    }

    /// What a passed deadline means: a request cut short gets 408, everything else is simply closed.
    static func action(for timeout: Timeout) -> TimeoutAction {
        switch timeout {
        case .headerRead, .bodyRead: .respondRequestTimeout
        case .idle, .write, .linger: .close
        }
    }

    /// Whether the connection stays open after answering `request` (RFC 9112 §9.3): HTTP/1.1 unless
    /// `Connection: close`, HTTP/1.0 only with `Connection: keep-alive`; never while shutting down or when
    /// the handler asked to close.
    static func keepsAlive(_ request: Request, responseRequestsClose: Bool, draining: Bool) -> Bool {
        request.wantsKeepAlive && !responseRequestsClose && !draining
    }

    /// The `Connection` header a response needs: `close` when closing, `keep-alive` for HTTP/1.0 clients
    /// that stay, nothing for HTTP/1.1 ones.
    static func connectionHeader(version: HTTPVersion?, keepAlive: Bool) -> DateCache.ConnectionHeader {
        if !keepAlive { return .close }
        return version == .http1_0 ? .keepAlive : .none
    }
}
