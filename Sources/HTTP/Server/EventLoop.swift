import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// One thread's epoll loop: accepts from the shared listener, owns its connections, runs immediate
/// handlers inline, receives async handlers' responses and handed-over connections through its
/// `EventLoopHandle`, and enforces every deadline with a timer wheel. Confined to its thread, hence not
/// `Sendable`.
final class EventLoop {
    static let listenerTag = UInt64.max
    static let wakeTag = UInt64.max - 1
    static let maxEvents: Int32 = 512
    static let maxVectors = 64
    static let readSize = 64 * 1024
    /// Prebuilt bodies at least this large are sent from a `ResponseFile`; smaller ones are cheaper to copy.
    static let fileBodyThreshold = 16 * 1024

    let handle: EventLoopHandle
    let context: ServerContext
    let limits: ServerLimits
    let epoll: Int32
    /// Whether this loop may still accept (it has not begun shutting down).
    var listening = true
    /// Whether the listener is currently in this loop's epoll set (false while accepting is paused).
    var listenerRegistered = true
    var connections: [ClientConnection?] = []
    var connectionCount = 0
    var generation: UInt64 = 0
    var wheel: TimerWheel
    var dates = DateCache()
    /// The loop's turn: one `epoll_wait` and the work it reported.
    var turn: UInt64 = 0
    /// Connections that spent their turn's request budget with work left, serviced in the next turn.
    var deferred: [UInt64] = []
    var now: UInt64
    /// Set once shutdown starts: no accepting, no keep-alive, force-close at this time.
    var drainDeadline: UInt64?
    var acceptResumesAt: UInt64?
    /// This second's file of large prebuilt responses.
    var responseFile: ResponseFile?
    /// The second in which making a `ResponseFile` last failed; large responses are copied until it ends.
    var responseFileFailedSecond: Int?
    let readBuffer: UnsafeMutableRawBufferPointer
    let vectors: UnsafeMutablePointer<iovec>
    let events: UnsafeMutablePointer<csystem_event>

    /// Takes ownership of `epoll` (already watching the listener and the wake eventfd, see `register`).
    init(epoll: Int32, handle: EventLoopHandle, context: ServerContext) {
        self.epoll = epoll
        self.handle = handle
        self.context = context
        limits = context.limits
        now = SystemCall.monotonicNanoseconds()
        let resolution = min(max(context.limits.shortestTimeout.nanoseconds / 8, 2_000_000), 250_000_000)
        wheel = TimerWheel(resolution: resolution, now: now)
        readBuffer = .allocate(byteCount: EventLoop.readSize, alignment: 16)
        vectors = .allocate(capacity: EventLoop.maxVectors)
        events = .allocate(capacity: Int(EventLoop.maxEvents))
        dates.refresh(epochSeconds: SystemCall.epochSeconds())
    }

    /// Adds the shared listener (level-triggered, exclusive wake-up) and the wake eventfd to a new epoll.
    static func register(epoll: Int32, listener: Int32, wake: Int32) throws(HTTPError) {
        _ = try SystemCall.check("epoll_ctl") {
            csystem_epoll_ctl(
                epoll, CSYSTEM_EPOLL_CTL_ADD, listener, CSYSTEM_EPOLLIN | CSYSTEM_EPOLLEXCLUSIVE, listenerTag)
        }
        _ = try SystemCall.check("epoll_ctl") {
            csystem_epoll_ctl(epoll, CSYSTEM_EPOLL_CTL_ADD, wake, CSYSTEM_EPOLLIN, wakeTag)
        }
    }

    deinit {
        readBuffer.deallocate()
        vectors.deallocate()
        events.deallocate()
        closeDescriptor(epoll)
    }

    /// Runs until shutdown completes (or epoll itself fails), then closes everything it owns.
    func run() {
        while true {
            let count: Int32
            do {
                count = try SystemCall.check("epoll_wait") {
                    csystem_epoll_wait(epoll, events, EventLoop.maxEvents, pollTimeout())
                }
            } catch {
                context.log?(.error, "event loop stopped: \(error)")
                break
            }
            now = SystemCall.monotonicNanoseconds()
            dates.refresh(epochSeconds: SystemCall.epochSeconds())
            let waiting = beginTurn()
            for index in 0..<Int(count) {
                handle(events[index])
            }
            serviceDeferred(waiting)
            expireTimers()
            if let resume = acceptResumesAt, now >= resume { resumeAccepting() }
            if let drainDeadline, connectionCount == 0 || now >= drainDeadline { break }
        }
        stopListening()
        for connection in connections.compactMap({ $0 }) { close(connection) }
        drainMessagesAtExit()
    }

    private func handle(_ event: csystem_event) {
        switch event.data {
        case EventLoop.listenerTag:
            acceptConnections()
        case EventLoop.wakeTag:
            receiveMessages()
        default:
            guard let connection = connection(for: event.data) else { return }
            let hangUp = CSYSTEM_EPOLLRDHUP | CSYSTEM_EPOLLHUP | CSYSTEM_EPOLLERR
            _ = connection.state.handle(
                .socketReady(
                    readable: event.events & (CSYSTEM_EPOLLIN | hangUp) != 0, hungUp: event.events & hangUp != 0,
                    writable: event.events & (CSYSTEM_EPOLLOUT | CSYSTEM_EPOLLHUP | CSYSTEM_EPOLLERR) != 0),
                now: now)
            service(connection)
        }
    }

    private func pollTimeout() -> Int32 {
        guard deferred.isEmpty else { return 0 }
        var timeout: UInt64 = .max
        if wheel.count > 0 { timeout = wheel.resolution }
        if let acceptResumesAt { timeout = min(timeout, acceptResumesAt > now ? acceptResumesAt - now : 0) }
        if let drainDeadline { timeout = min(timeout, drainDeadline > now ? drainDeadline - now : 0, 50_000_000) }
        guard timeout != .max else { return -1 }
        return Int32(clamping: (timeout + 999_999) / 1_000_000)
    }

    func connection(for key: UInt64) -> ClientConnection? {
        let descriptor = Int(key & 0xFFFF_FFFF)
        guard descriptor < connections.count, let connection = connections[descriptor], connection.key == key else {
            return nil
        }
        return connection
    }

    func control(_ operation: Int32, _ descriptor: Int32, _ events: UInt32, _ data: UInt64) throws(HTTPError) {
        _ = try SystemCall.check("epoll_ctl") { csystem_epoll_ctl(epoll, operation, descriptor, events, data) }
    }

    func closeDescriptor(_ descriptor: Int32) {
        do {
            try SystemCall.close(descriptor)
        } catch {
            context.log?(.warning, "\(error)")
        }
    }

    // MARK: Messages from other threads

    private func receiveMessages() {
        let messages: [EventLoopHandle.Message]
        do {
            messages = try handle.takeMessages()
        } catch {
            context.log?(.error, "\(error)")
            return
        }
        for message in messages {
            switch message {
            case let .completed(key, sequence, response):
                guard let connection = connection(for: key),
                    let index = connection.exchanges.firstIndex(where: { $0.sequence == sequence })
                else { continue }
                connection.exchanges[index].response = response
                service(connection)
            case let .shutdown(deadline):
                beginDrain(deadline: deadline)
            case let .adopt(descriptor, remoteAddress):
                if drainDeadline == nil {
                    admit(descriptor, remoteAddress: remoteAddress)
                } else {
                    discardHandedOver(descriptor)
                }
            }
        }
    }

    /// Closes connections handed over after this loop stopped, so no descriptor is left behind.
    private func drainMessagesAtExit() {
        for case let .adopt(descriptor, _) in handle.close() { discardHandedOver(descriptor) }
    }

    private func beginDrain(deadline: UInt64) {
        guard drainDeadline == nil else { return }
        drainDeadline = deadline
        stopListening()
        for connection in connections.compactMap({ $0 }) {
            if connection.state.handle(.shutdown(idle: connection.isIdle), now: now) == .close { close(connection) }
        }
    }

    // MARK: Timers

    /// Schedules `deadline` for the connection unless an entry at or before it is already live.
    func armTimer(_ connection: ClientConnection, at deadline: UInt64) {
        let tick = wheel.tick(for: deadline)
        if let scheduled = connection.timerTick, scheduled <= tick { return }
        connection.timerTick = wheel.schedule(key: connection.key, deadline: deadline)
    }

    private func expireTimers() {
        for timer in wheel.advance(to: now) {
            guard let connection = connection(for: timer.key), connection.timerTick == timer.tick else { continue }
            connection.timerTick = nil
            switch connection.state.handle(.timerFired(awaitingResponses: !connection.exchanges.isEmpty), now: now) {
            case .armTimer(let deadline): armTimer(connection, at: deadline)
            case .close: close(connection)
            case .respondRequestTimeout: respondToTimeout(connection)
            default: break
            }
        }
    }
}
