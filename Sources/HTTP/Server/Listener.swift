import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Opens the one listening socket every event loop watches (with `EPOLLEXCLUSIVE`).
///
/// One socket rather than one `SO_REUSEPORT` socket per loop: a second server started on the same port
/// fails with `EADDRINUSE` instead of silently sharing the traffic, and loops are balanced by hand-off
/// (see `EventLoop.acceptConnections`) rather than by the kernel's hash.
enum Listener {
    /// Binds a non-blocking socket to `host:port` (port 0 picks a free port) and listens.
    ///
    /// - Throws: `HTTPError` naming the failed call (`getaddrinfo`, `socket`, `bind`, `listen`, ...).
    static func open(host: String, port: Int) throws(HTTPError) -> (descriptor: Int32, port: Int) {
        guard (0...65535).contains(port) else { throw HTTPError(.internalServerError, "invalid port \(port)") }
        var (address, length) = try resolve(host: host, port: port)
        let descriptor = try bind(&address, length: length)
        do {
            let bound = try SystemCall.check("getsockname") { csystem_local_port(descriptor) }
            return (descriptor, Int(bound))
        } catch {
            SystemCall.release(descriptor)
            throw error
        }
    }

    private static func bind(_ address: inout sockaddr_storage, length: socklen_t) throws(HTTPError) -> Int32 {
        let family = Int32(address.ss_family)
        let descriptor = try SystemCall.check("socket") { csystem_stream_socket(family) }
        do {
            _ = try SystemCall.check("setsockopt SO_REUSEADDR") {
                csystem_set_option(descriptor, CSYSTEM_OPTION_REUSEADDR, 1)
            }
            _ = try SystemCall.check("bind") {
                withUnsafePointer(to: &address) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, length) }
                }
            }
            _ = try SystemCall.check("listen") { Glibc.listen(descriptor, max(csystem_somaxconn(), 4096)) }
        } catch {
            SystemCall.release(descriptor)
            throw error
        }
        return descriptor
    }

    private static func resolve(host: String, port: Int) throws(HTTPError) -> (sockaddr_storage, socklen_t) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list, let address = first.pointee.ai_addr else {
            if list != nil { freeaddrinfo(list) }
            let reason = status == 0 ? "no address" : String(cString: gai_strerror(status))
            throw HTTPError(.internalServerError, "getaddrinfo \(host): \(reason)")
        }
        defer { freeaddrinfo(list) }
        var storage = sockaddr_storage()
        let length = first.pointee.ai_addrlen
        withUnsafeMutableBytes(of: &storage) { destination in
            destination.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(length)))
        }
        return (storage, length)
    }
}
