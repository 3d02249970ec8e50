import Foundation

#if canImport(Glibc)
    import Glibc
#endif

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A response as read off the wire by `TestClient`.
struct WireResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking loopback client with a receive timeout on every read, so no test can hang.
final class TestClient {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(port: Int, timeout: Duration = .seconds(5)) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("socket: \(errno)") }
        setTimeout(timeout)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let error = errno
            Glibc.close(descriptor)
            throw TestFailure("connect: errno \(error)")
        }
    }

    deinit { Glibc.close(descriptor) }

    func setTimeout(_ timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { throw TestFailure("send: errno \(errno)") }
            offset += written
        }
    }

    /// Reads more bytes into the buffer; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            let error = errno
            if error == EAGAIN || error == EWOULDBLOCK { throw TestFailure("read timed out") }
            if error == ECONNRESET { return false }
            throw TestFailure("recv: errno \(error)")
        }
        if count == 0 { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Reads one response; `forHead` skips the body (HEAD requests), 1xx responses are returned as is.
    func readResponse(forHead: Bool = false) throws -> WireResponse {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while true {
            if let range = buffer.firstRange(of: separator) {
                headEnd = range.upperBound
                break
            }
            guard try fill() else { throw TestFailure("connection closed before a response head") }
        }
        guard let headEnd else { throw TestFailure("no head") }
        let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd)
        var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, parts[0] == "HTTP/1.1", let status = Int(parts[1]) else {
            throw TestFailure("bad status line \(statusLine)")
        }
        var headers: [(String, String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw TestFailure("bad header line \(line)") }
            let value = line[line.index(after: colon)...]
            guard value.first == " " else { throw TestFailure("header without space after colon: \(line)") }
            headers.append((String(line[..<colon]), String(value.dropFirst())))
        }
        var response = WireResponse(status: status, headers: headers, body: [])
        if forHead || status < 200 || status == 204 || status == 304 { return response }
        guard let lengthText = response.header("Content-Length"), let length = Int(lengthText) else {
            throw TestFailure("response without Content-Length")
        }
        while buffer.count < length {
            guard try fill() else { throw TestFailure("connection closed inside a body") }
        }
        response.body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return response
    }

    /// Whether the server closes the connection (EOF or reset) before the timeout, ignoring data.
    func waitForClose() throws -> Bool {
        while true {
            do {
                guard try fill() else { return true }
                buffer.removeAll()
            } catch let failure as TestFailure where failure.description == "read timed out" {
                return false
            }
        }
    }

    /// Reads a response if one comes, or reports that the connection was closed first.
    func readResponseOrClose() throws -> WireResponse? {
        do {
            return try readResponse()
        } catch let failure as TestFailure where failure.description.hasPrefix("connection closed") {
            return nil
        }
    }

    func shutdownWrite() { Glibc.shutdown(descriptor, Int32(SHUT_WR)) }
}

/// Runs blocking socket work on its own thread so the concurrency pool (which async handlers need) is
/// never blocked by a test client.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do {
                continuation.resume(returning: try body())
            } catch {
                continuation.resume(throwing: error)
            }
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
