import CSystem
import Locking
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The thread-safe side of an event loop: other threads post messages and wake it through an eventfd.
final class EventLoopHandle: Sendable {
    enum Message: Sendable {
        /// An async handler finished; `key` and `sequence` name the connection and the slot.
        case completed(key: UInt64, sequence: UInt64, response: Response)
        /// Stop accepting, finish what is in flight, close by `deadline` (monotonic nanoseconds).
        case shutdown(deadline: UInt64)
        /// A connection accepted by another loop, handed over to balance the loops.
        case adopt(descriptor: Int32, remoteAddress: String?)
    }

    let wakeDescriptor: Int32
    /// Connections owned by (or being handed to) this loop; read by other loops to balance.
    let connectionCount = Atomic<Int>(0)
    private let inbox = Locked(Inbox())

    private struct Inbox {
        var messages: [Message] = []
        var closed = false
    }
    private let log: LogHandler?

    init(log: LogHandler?) throws(HTTPError) {
        wakeDescriptor = try SystemCall.check("eventfd") { csystem_eventfd() }
        self.log = log
    }

    /// Queues `message` and wakes the loop if it had nothing queued; returns false (and drops the message)
    /// once the loop has stopped.
    @discardableResult
    func send(_ message: Message) -> Bool {
        let (accepted, wasEmpty) = inbox.withLock { inbox -> (Bool, Bool) in
            guard !inbox.closed else { return (false, false) }
            inbox.messages.append(message)
            return (true, inbox.messages.count == 1)
        }
        guard accepted else { return false }
        if wasEmpty { signal() }
        return true
    }

    private func signal() {
        do {
            // `wouldBlock` means the counter is saturated, i.e. a wake-up is already pending.
            _ = try SystemCall.nonBlocking("eventfd write") { csystem_eventfd_signal(wakeDescriptor) }
        } catch {
            log?(.error, "cannot wake event loop: \(error)")
        }
    }

    /// Refuses further messages (the loop is exiting) and returns those still queued.
    func close() -> [Message] {
        inbox.withLock { inbox in
            inbox.closed = true
            defer { inbox.messages.removeAll() }
            return inbox.messages
        }
    }

    /// Resets the eventfd, then takes every queued message (in that order, so none is missed).
    func takeMessages() throws(HTTPError) -> [Message] {
        _ = try SystemCall.nonBlocking("eventfd read") { csystem_eventfd_drain(wakeDescriptor) }
        return inbox.withLock { inbox in
            defer { inbox.messages.removeAll() }
            return inbox.messages
        }
    }

    deinit {
        do {
            try SystemCall.close(wakeDescriptor)
        } catch {
            log?(.warning, "\(error)")
        }
    }
}

/// What every event loop of one server shares.
final class ServerContext: Sendable {
    let router: Router
    let limits: ServerLimits
    let observer: ResponseObserver?
    let log: LogHandler?
    /// The listening socket, watched by every loop.
    let listener: Int32
    /// Every loop's handle, for hand-offs.
    let loops: [EventLoopHandle]
    /// Open connections over all loops, including ones being refused with 503.
    let openConnections = Atomic<Int>(0)
    /// Loops that may still call `accept` on `listener`; the last one to stop closes it.
    private let listenerUsers: Atomic<Int>

    init(
        router: Router, limits: ServerLimits, observer: ResponseObserver?, log: LogHandler?, listener: Int32,
        loops: [EventLoopHandle]
    ) {
        self.router = router
        self.limits = limits
        self.observer = observer
        self.log = log
        self.listener = listener
        self.loops = loops
        listenerUsers = Atomic(loops.count)
    }

    /// Called once by each loop when it will never touch the listener again; closes it after the last.
    func releaseListener() {
        guard listenerUsers.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 else { return }
        do {
            try SystemCall.close(listener)
        } catch {
            log?(.warning, "\(error)")
        }
    }
}
