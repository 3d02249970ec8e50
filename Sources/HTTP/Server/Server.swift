import CSystem
import Foundation
import Synchronization

/// The HTTP/1.1 server: N event-loop threads, each with its own epoll, sharing one listening socket
/// (`EPOLLEXCLUSIVE`, so one loop wakes per connection) and handing connections to the least busy loop.
///
/// Start it with `Server.start`, stop it with `shutdown(gracePeriod:)`. Immediate handlers run on the loop
/// threads; async handlers run on Swift's concurrency pool. Nothing here logs on its own: messages go to
/// the `logger` closure and every response to the `observer` closure.
public final class Server: Sendable {
    /// The configuration the server was started with.
    public let configuration: ServerConfiguration
    /// The bound port (the real one when the configuration asked for port 0).
    public let localPort: Int
    private let context: ServerContext
    private let loops: [EventLoopHandle]
    private let lifecycle: Mutex<RunState>

    private struct RunState {
        var runningLoops: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private init(configuration: ServerConfiguration, localPort: Int, context: ServerContext, loops: [EventLoopHandle]) {
        self.configuration = configuration
        self.localPort = localPort
        self.context = context
        self.loops = loops
        lifecycle = Mutex(RunState(runningLoops: loops.count))
    }

    /// Binds, starts the event loops, and returns the running server.
    ///
    /// Also sets `SIGPIPE` to ignored for the process (writes to a vanished client must fail, not kill).
    /// - Throws: `HTTPError` with the failed system call (e.g. `bind` with `EADDRINUSE`).
    public static func start(
        configuration: ServerConfiguration, router: Router, observer: ResponseObserver? = nil,
        logger: LogHandler? = nil
    ) throws(HTTPError) -> Server {
        _ = try SystemCall.check("sigaction SIGPIPE") { csystem_ignore_sigpipe() }
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
            router: router, limits: configuration.limits, observer: observer, log: logger, listener: listener,
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
