import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Opens the listening sockets: one per event loop, all bound to the same address with `SO_REUSEPORT`
/// so the kernel spreads new connections across loops without a shared accept lock.
enum Listener {
    /// Binds `count` non-blocking sockets to `host:port` (port 0 picks a free port shared by all of them).
    ///
    /// - Throws: `HTTPError` naming the failed call (`getaddrinfo`, `socket`, `bind`, `listen`, ...).
    static func open(host: String, port: Int, count: Int) throws(HTTPError) -> (descriptors: [Int32], port: Int) {
        guard (0...65535).contains(port) else { throw HTTPError(.internalServerError, "invalid port \(port)") }
        var (address, length) = try resolve(host: host, port: port)
        var descriptors: [Int32] = []
        var boundPort = port
        do {
            for _ in 0..<max(count, 1) {
                let descriptor = try bind(&address, length: length)
                descriptors.append(descriptor)
                if boundPort == 0 {
                    boundPort = Int(try SystemCall.check("getsockname") { csystem_local_port(descriptor) })
                    setPort(boundPort, in: &address)
                }
            }
        } catch {
            for descriptor in descriptors { SystemCall.release(descriptor) }
            throw error
        }
        return (descriptors, boundPort)
    }

    private static func bind(_ address: inout sockaddr_storage, length: socklen_t) throws(HTTPError) -> Int32 {
        let family = Int32(address.ss_family)
        let descriptor = try SystemCall.check("socket") { csystem_stream_socket(family) }
        do {
            _ = try SystemCall.check("setsockopt SO_REUSEADDR") {
                csystem_set_option(descriptor, CSYSTEM_OPTION_REUSEADDR, 1)
            }
            _ = try SystemCall.check("setsockopt SO_REUSEPORT") {
                csystem_set_option(descriptor, CSYSTEM_OPTION_REUSEPORT, 1)
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

    /// Sets the port of an IPv4 or IPv6 address (both keep it, big-endian, right after the family).
    private static func setPort(_ port: Int, in address: inout sockaddr_storage) {
        withUnsafeMutableBytes(of: &address) { bytes in
            bytes[2] = UInt8(port >> 8)
            bytes[3] = UInt8(port & 0xFF)
        }
    }
}
