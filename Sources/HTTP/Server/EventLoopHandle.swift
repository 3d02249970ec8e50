import CSystem
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
    }

    let wakeDescriptor: Int32
    private let inbox = Mutex<[Message]>([])
    private let log: LogHandler?

    init(log: LogHandler?) throws(HTTPError) {
        wakeDescriptor = try SystemCall.check("eventfd") { csystem_eventfd() }
        self.log = log
    }

    /// Queues `message` and wakes the loop if it had nothing queued.
    func send(_ message: Message) {
        let wasEmpty = inbox.withLock { messages in
            messages.append(message)
            return messages.count == 1
        }
        guard wasEmpty else { return }
        do {
            // `wouldBlock` means the counter is saturated, i.e. a wake-up is already pending.
            _ = try SystemCall.nonBlocking("eventfd write") { csystem_eventfd_signal(wakeDescriptor) }
        } catch {
            log?(.error, "cannot wake event loop: \(error)")
        }
    }

    /// Resets the eventfd, then takes every queued message (in that order, so none is missed).
    func takeMessages() throws(HTTPError) -> [Message] {
        _ = try SystemCall.nonBlocking("eventfd read") { csystem_eventfd_drain(wakeDescriptor) }
        return inbox.withLock { messages in
            defer { messages.removeAll() }
            return messages
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
    /// Open connections over all loops, including ones being refused with 503.
    let openConnections = Atomic<Int>(0)

    init(router: Router, limits: ServerLimits, observer: ResponseObserver?, log: LogHandler?) {
        self.router = router
        self.limits = limits
        self.observer = observer
        self.log = log
    }
}
