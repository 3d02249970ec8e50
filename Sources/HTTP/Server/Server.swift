import CSystem
import Foundation
import Locking
import Synchronization

/// The HTTP/1.1 server: N event-loop threads, each with its own epoll, sharing one listening socket
/// (`EPOLLEXCLUSIVE`, so one loop wakes per connection) and handing connections to the least busy loop.
///
/// Start it with `Server.start`, stop it with `shutdown(gracePeriod:)` (dropping the last reference does not
/// stop it: the loop threads run until shut down). Immediate handlers run on the loop threads; async
/// handlers run on Swift's concurrency pool. Nothing here logs on its own: messages go to
/// the `logger` closure and every response to the `observer` closure.
public final class Server: Sendable {
    /// The configuration the server was started with.
    public let configuration: ServerConfiguration
    /// The bound port (the real one when the configuration asked for port 0).
    public let localPort: Int
    private let context: ServerContext
    private let loops: [EventLoopHandle]
    private let lifecycle: Locked<RunState>

    private struct RunState {
        var runningLoops: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private init(configuration: ServerConfiguration, localPort: Int, context: ServerContext, loops: [EventLoopHandle]) {
        self.configuration = configuration
        self.localPort = localPort
        self.context = context
        self.loops = loops
        lifecycle = Locked(RunState(runningLoops: loops.count))
    }

    /// Binds, starts the event loops, and returns the running server.
    ///
    /// Process-wide effects: `SIGPIPE` is ignored (writes to a vanished client must fail, not kill), and the
    /// soft descriptor limit is raised towards the hard one so `maxConnections` can actually be reached
    /// (a shell's default of 1,024 would otherwise cap connections below the documented 4,096). When the
    /// hard limit is too low, the cap is lowered to fit it (`maxConnections` tells the cap in force), so
    /// connections over it are answered 503 instead of waiting unanswered while `accept` fails with `EMFILE`.
    /// - Throws: `HTTPError` with the failed system call (e.g. `bind` with `EADDRINUSE`).
    public static func start(
        configuration: ServerConfiguration, router: Router, observer: ResponseObserver? = nil,
        logger: LogHandler? = nil
    ) throws(HTTPError) -> Server {
        _ = try SystemCall.check("sigaction SIGPIPE") { csystem_ignore_sigpipe() }
        let limits = descriptorBoundedLimits(configuration.limits, logger: logger)
        let (listener, port) = try Listener.open(host: configuration.host, port: configuration.port)
        var handles: [EventLoopHandle] = []
        var epolls: [Int32] = []
        do {
            for _ in 0..<configuration.eventLoopCount {
                let handle = try EventLoopHandle(log: logger)
                handles.append(handle)
                let epoll = try SystemCall.check("epoll_create1") { csystem_epoll_create() }
                epolls.append(epoll)
                try EventLoop.register(epoll: epoll, listener: listener, wake: handle.wakeDescriptor)
            }
        } catch {
            SystemCall.release(listener)
            for epoll in epolls { SystemCall.release(epoll) }
            throw error
        }
        let context = ServerContext(
            router: router, limits: limits, observer: observer, log: logger, listener: listener,
            loops: handles)
        let server = Server(configuration: configuration, localPort: port, context: context, loops: handles)
        for (index, (epoll, handle)) in zip(epolls, handles).enumerated() {
            let thread = Thread { [context] in
                EventLoop(epoll: epoll, handle: handle, context: context).run()
                server.loopFinished()
            }
            thread.name = "http-loop-\(index)"
            thread.start()
        }
        return server
    }

    /// `http://HOST:PORT` with the real port (IPv6 hosts in brackets), for the "listening on" line.
    public var listeningURL: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host):\(localPort)"
    }

    /// The connection cap in force: the configured one, or less when the descriptor limit could not be raised
    /// enough for it (see `start`).
    public var maxConnections: Int {
        context.limits.maxConnections
    }

    /// Connections currently open, over all event loops.
    public var openConnections: Int {
        context.openConnections.load(ordering: .relaxed)
    }

    /// Stops accepting, lets requests in flight finish and closes idle connections; after `gracePeriod`
    /// whatever remains is closed. Returns when every event loop has stopped.
    public func shutdown(gracePeriod: Duration = .seconds(10)) async {
        let deadline = SystemCall.monotonicNanoseconds() &+ gracePeriod.nanoseconds
        for loop in loops { loop.send(.shutdown(deadline: deadline)) }
        await waitUntilStopped()
    }

    /// Returns when every event loop has stopped (after `shutdown`, or a fatal epoll failure).
    public func waitUntilStopped() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let stopped = lifecycle.withLock { state in
                if state.runningLoops == 0 { return true }
                state.waiters.append(continuation)
                return false
            }
            if stopped { continuation.resume() }
        }
    }

    /// `limits` once the descriptor limit is raised for them, with `maxConnections` lowered if it cannot be.
    private static func descriptorBoundedLimits(_ limits: ServerLimits, logger: LogHandler?) -> ServerLimits {
        guard let descriptors = raiseDescriptorLimit(toward: limits.maxConnections * 2 + 256, logger: logger) else {
            return limits
        }
        return limits.fitting(descriptorLimit: descriptors)
    }

    /// Each connection costs a socket, plus a little for listeners, eventfds, files and the application.
    /// Returns the soft limit then in effect, or `nil` when it cannot be read.
    private static func raiseDescriptorLimit(toward wanted: Int, logger: LogHandler?) -> Int? {
        var limit = rlimit()
        do {
            _ = try SystemCall.check("getrlimit") { getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) }
        } catch {
            logger?(.warning, "cannot read the descriptor limit: \(error)")
            return nil
        }
        if limit.rlim_cur < rlim_t(wanted) {
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, rlim_t(wanted))
            do {
                _ = try SystemCall.check("setrlimit") {
                    setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised)
                }
                limit = raised
            } catch {
                logger?(.warning, "cannot raise the descriptor limit: \(error)")
            }
        }
        return Int(clamping: limit.rlim_cur)
    }

    private func loopFinished() {
        let waiters = lifecycle.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.runningLoops -= 1
            guard state.runningLoops == 0 else { return [] }
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
