/// The lifecycle of one connection as a pure value: its phase, the facts the socket reported, the deadline
/// in force, and for every event the one action the event loop performs next.
///
/// As in swift-nio's HTTP/1 connection state machines, the loop owns the descriptor, the parser and the
/// output; it reports what happened and does what this value answers. Every rule — keep-alive, when parsing
/// stops, when to linger or close, which deadline is armed — lives here and is tested without I/O.
struct ConnectionState: Sendable {
    /// Where a connection is in its life.
    enum Phase: Equatable, Sendable {
        /// Requests are read and parsed; `progress` times the one being received.
        case reading(RequestProgress)
        /// No more requests are parsed (a request without keep-alive, or a rejection, is in the queue); the
        /// responses already promised are written first. `endsEarly`: the client may still be sending.
        case finishing(endsEarly: Bool)
        /// The last response is queued: once written, linger or close. Responses behind it are dropped.
        case writingLast(endsEarly: Bool)
        /// The write side is shut down; input is read and dropped until the client closes or time runs out,
        /// so unread input does not turn the close into a reset.
        case lingering(since: UInt64)
        case closed
    }

    /// How much of the next request has arrived, and since when (for its deadline).
    enum RequestProgress: Equatable, Sendable {
        /// Between requests, or earlier requests still await their responses.
        case idle
        case head(since: UInt64)
        case body(headSince: UInt64, since: UInt64)
    }

    /// What the socket has reported, edge-triggered: set by epoll events, cleared when I/O finds it stale.
    struct Signals: OptionSet, Sendable {
        let rawValue: UInt8
        /// Input, or its end, may be waiting.
        static let readable = Signals(rawValue: 1)
        /// The socket may accept writes.
        static let writable = Signals(rawValue: 2)
        /// The peer shut down or reset: keep reading until end of input is seen.
        static let hungUp = Signals(rawValue: 4)
        /// End of input was read.
        static let inputEnded = Signals(rawValue: 8)
    }

    /// Something the event loop observed or did.
    enum Event: Equatable, Sendable {
        /// epoll reported the socket.
        case socketReady(readable: Bool, hungUp: Bool, writable: Bool)
        /// The loop may read now (`backpressured`: too many requests or too much output are pending).
        case readOpportunity(backpressured: Bool)
        /// A read returned bytes; `filledBuffer` when it used the whole read buffer.
        case bytesRead(filledBuffer: Bool)
        /// A read found nothing to read.
        case readWouldBlock
        /// A read returned end of input.
        case peerClosed
        /// The parser needs more bytes; what it holds of the next request.
        case needMoreData(partialRequest: Bool, readingBody: Bool, awaitingResponses: Bool)
        /// A complete request was parsed; `keepAlive` is its exchange's (see `keepsAlive`).
        case requestParsed(keepAlive: Bool)
        /// An error response ends the request stream: a parse error, a refused `Expect`, the connection cap,
        /// a request timeout.
        case requestRejected
        /// The response at the front of the queue is ready to write.
        case responseReady(keepAlive: Bool, handlerCloses: Bool, draining: Bool, version: HTTPVersion?)
        /// A write found the socket full.
        case writeWouldBlock
        /// Writing stopped for now.
        case writeFinished(progressed: Bool, pending: Bool, overLimit: Bool, partialRequest: Bool)
        /// The write side was shut down to linger.
        case halfClosed
        /// The loop went as far as it could with this connection for now.
        case settled(idle: Bool, awaitingResponses: Bool, outputPending: Bool, draining: Bool)
        /// The connection's timer-wheel entry came due.
        case timerFired(awaitingResponses: Bool)
        /// Graceful shutdown began.
        case shutdown(idle: Bool)
        /// The descriptor was closed.
        case closed
    }

    /// What the event loop does next.
    enum Action: Equatable, Sendable {
        case none
        /// Read once from the socket and parse.
        case read
        /// Read and drop input (lingering).
        case discardInput
        /// Serialize the response with this `Connection` header.
        case write(DateCache.ConnectionHeader)
        /// Shut the write side down, report `halfClosed`, then discard input.
        case linger
        case close
        /// Queue 408 Request Timeout, report `requestRejected`, and go on.
        case respondRequestTimeout
        /// Schedule the timer for this monotonic time.
        case armTimer(UInt64)
    }

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

    private(set) var phase: Phase = .reading(.idle)
    private(set) var signals: Signals = .writable
    /// The last input, request or response.
    private(set) var lastActivity: UInt64
    /// Since when pending output has made no progress.
    private(set) var writeStalledSince: UInt64?
    private let timeouts: Timeouts

    init(limits: ServerLimits, now: UInt64) {
        timeouts = Timeouts(limits)
        lastActivity = now
    }

    /// Whether the descriptor is still open.
    var isOpen: Bool {
        if case .closed = phase { return false }
        return true
    }

    /// Whether a response at the front of the queue may still be written.
    var acceptsResponses: Bool {
        switch phase {
        case .reading, .finishing: true
        case .writingLast, .lingering, .closed: false
        }
    }

    /// Whether requests are still parsed.
    var parsesRequests: Bool {
        if case .reading = phase { return true }
        return false
    }

    /// Whether input is being discarded after the last response.
    var isLingering: Bool {
        if case .lingering = phase { return true }
        return false
    }

    /// Whether input, or its end, may be waiting.
    var isReadable: Bool { signals.contains(.readable) }

    /// Whether the socket may accept writes.
    var isWritable: Bool { signals.contains(.writable) }

    /// Whether the connection stays open after a response (RFC 9112 §9.3): the request wants it (HTTP/1.1
    /// unless `Connection: close`, HTTP/1.0 only with `Connection: keep-alive`), the handler did not ask to
    /// close, and the server is not shutting down.
    static func keepsAlive(requestWants: Bool, handlerCloses: Bool, draining: Bool) -> Bool {
        requestWants && !handlerCloses && !draining
    }

    /// The `Connection` header a response needs: `close` when closing, `keep-alive` for HTTP/1.0 clients
    /// that stay, nothing for HTTP/1.1 ones.
    static func connectionHeader(version: HTTPVersion?, keepAlive: Bool) -> DateCache.ConnectionHeader {
        if !keepAlive { return .close }
        return version == .http1_0 ? .keepAlive : .none
    }

    /// What a passed deadline means: a request cut short gets 408, everything else is simply closed.
    static func action(for timeout: Timeout) -> Action {
        switch timeout {
        case .headerRead, .bodyRead: .respondRequestTimeout
        case .idle, .write, .linger: .close
        }
    }

    /// The deadline in force and when it passes, or `nil` while only handlers are awaited (or once closed).
    func deadline(awaitingResponses: Bool) -> (timeout: Timeout, at: UInt64)? {
        switch phase {
        case .closed: return nil
        case .lingering(let since): return (.linger, since &+ timeouts.linger)
        case .reading, .finishing, .writingLast: break
        }
        if let writeStalledSince { return (.write, writeStalledSince &+ timeouts.write) }
        if awaitingResponses { return nil }
        if case .reading(let progress) = phase {
            switch progress {
            case .body(_, let since): return (.bodyRead, since &+ timeouts.bodyRead)
            case .head(let since): return (.headerRead, since &+ timeouts.headerRead)
            case .idle: break
            }
        }
        return (.idle, lastActivity &+ timeouts.idle)
    }

    /// Applies `event`, observed at monotonic time `now`, and answers what the loop does next.
    mutating func handle(_ event: Event, now: UInt64) -> Action {
        guard isOpen else { return .none }
        switch event {
        case let .socketReady(readable, hungUp, writable):
            if readable { signals.insert(.readable) }
            if hungUp { signals.insert(.hungUp) }
            if writable { signals.insert(.writable) }
            return .none
        case .readOpportunity(let backpressured):
            if isLingering { return .discardInput }
            let canRead = signals.contains(.readable) && !signals.contains(.inputEnded) && !backpressured
            return parsesRequests && canRead ? .read : .none
        case .bytesRead(let filledBuffer):
            lastActivity = now
            // A short read drained the socket; edge-triggered epoll reports anything that arrives later, so
            // the read that would only say EAGAIN is skipped (unless end of input is still to be seen).
            if !filledBuffer && !signals.contains(.hungUp) { signals.remove(.readable) }
            return .none
        case .readWouldBlock:
            signals.remove(.readable)
            return .none
        case .peerClosed:
            signals.remove(.readable)
            signals.insert(.inputEnded)
            return isLingering ? .close : .none
        case let .needMoreData(partialRequest, readingBody, awaitingResponses):
            guard case .reading(let progress) = phase else { return .none }
            phase = .reading(
                progress.advanced(
                    now: now, partialRequest: partialRequest && !awaitingResponses, readingBody: readingBody))
            return .none
        case .requestParsed(let keepAlive):
            lastActivity = now
            if !keepAlive, case .reading = phase { phase = .finishing(endsEarly: false) }
            return .none
        case .requestRejected:
            switch phase {
            case .reading, .finishing: phase = .finishing(endsEarly: true)
            case .writingLast: phase = .writingLast(endsEarly: true)
            case .lingering, .closed: break
            }
            return .none
        case let .responseReady(keepAlive, handlerCloses, draining, version):
            let endsEarly: Bool
            switch phase {
            case .reading: endsEarly = false
            case .finishing(let early): endsEarly = early
            case .writingLast, .lingering, .closed: return .none
            }
            lastActivity = now
            let stays = Self.keepsAlive(requestWants: keepAlive, handlerCloses: handlerCloses, draining: draining)
            // Shutting down closes connections the client expected to keep: it may already be sending more.
            if !stays { phase = .writingLast(endsEarly: endsEarly || draining) }
            return .write(Self.connectionHeader(version: version, keepAlive: stays))
        case .writeWouldBlock:
            signals.remove(.writable)
            return .none
        case let .writeFinished(progressed, pending, overLimit, partialRequest):
            if progressed {
                lastActivity = now
                writeStalledSince = nil
            }
            if !pending {
                writeStalledSince = nil
            } else if writeStalledSince == nil {
                writeStalledSince = now
            }
            if overLimit { return .close }
            guard !pending, case .writingLast(let endsEarly) = phase else { return .none }
            // After a normal `Connection: close` exchange with nothing unread, close at once (as nginx
            // does); linger only when input may still come.
            if signals.contains(.inputEnded) || (!endsEarly && !partialRequest) { return .close }
            return .linger
        case .halfClosed:
            guard case .writingLast = phase else { return .none }
            phase = .lingering(since: now)
            signals.insert(.readable)
            return .none
        case let .settled(idle, awaitingResponses, outputPending, draining):
            if !isLingering {
                if signals.contains(.inputEnded) && !awaitingResponses && !outputPending { return .close }
                if draining && idle { return .close }
            }
            return deadline(awaitingResponses: awaitingResponses).map { .armTimer($0.at) } ?? .none
        case .timerFired(let awaitingResponses):
            guard let (timeout, at) = deadline(awaitingResponses: awaitingResponses) else { return .none }
            guard at <= now else { return .armTimer(at) }
            let action = Self.action(for: timeout)
            return action == .respondRequestTimeout && awaitingResponses ? .close : action
        case .shutdown(let idle):
            return idle && !isLingering ? .close : .none
        case .closed:
            phase = .closed
            return .none
        }
    }
}

extension ConnectionState.RequestProgress {
    /// The progress after the parser asked for more bytes: a partial request keeps the times it started
    /// (more bytes do not extend a deadline); no partial request (or one behind awaited responses) is idle.
    fileprivate func advanced(now: UInt64, partialRequest: Bool, readingBody: Bool) -> Self {
        guard partialRequest else { return .idle }
        let headSince: UInt64
        switch self {
        case .idle: headSince = now
        case .head(let since): headSince = since
        case .body(let since, _): headSince = since
        }
        guard readingBody else { return .head(since: headSince) }
        if case .body(_, let since) = self { return .body(headSince: headSince, since: since) }
        return .body(headSince: headSince, since: now)
    }
}

/// The connection timeouts in nanoseconds, computed once per connection.
private struct Timeouts: Sendable {
    let headerRead: UInt64
    let bodyRead: UInt64
    let idle: UInt64
    let write: UInt64
    let linger: UInt64

    init(_ limits: ServerLimits) {
        headerRead = limits.headerReadTimeout.nanoseconds
        bodyRead = limits.bodyReadTimeout.nanoseconds
        idle = limits.idleTimeout.nanoseconds
        write = limits.writeTimeout.nanoseconds
        linger = limits.lingerTimeout.nanoseconds
    }
}
