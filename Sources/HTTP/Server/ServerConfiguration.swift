#if canImport(Glibc)
    import Glibc
#endif

/// Where and how the server listens.
public struct ServerConfiguration: Sendable {
    /// Address to bind: a numeric IPv4/IPv6 address or a resolvable name. Default `127.0.0.1`.
    public var host: String
    /// TCP port; `0` picks a free one (read it back from `Server.localPort`). Default 8080.
    public var port: Int
    /// Event-loop threads, each with its own epoll and listening socket. Default: the number of cores.
    public var eventLoopCount: Int
    /// Size limits and timeouts.
    public var limits: ServerLimits

    public init(
        host: String = "127.0.0.1", port: Int = 8080, eventLoopCount: Int? = nil, limits: ServerLimits = ServerLimits()
    ) {
        self.host = host
        self.port = port
        self.eventLoopCount = max(eventLoopCount ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
        self.limits = limits
    }
}
