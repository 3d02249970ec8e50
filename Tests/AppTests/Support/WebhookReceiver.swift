import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// A webhook receiver on 127.0.0.1 for tests: answers each request as its script says (time out, fail,
/// reset the connection, redirect, accept) and records every request it read.
final class WebhookReceiver: Sendable {
    enum Behaviour: Sendable {
        /// Reads the request and answers with this status.
        case status(Int)
        /// Reads the request and says nothing for `seconds`, then closes.
        case silence(seconds: Double)
        /// Reads the request and resets the connection (RST) without answering.
        case reset
        /// Answers 302 to `location`.
        case redirect(String)
    }

    struct Received: Sendable {
        var path: String
        var headers: [String: String]
        var body: [UInt8]
    }

    let port: Int
    private let listener: Int32
    private let script: Locked<[Behaviour]>
    private let received = Locked<[Received]>([])
    private let stopped = Locked(false)

    /// Listens on an ephemeral port; requests beyond `script` are answered 200.
    init(script: [Behaviour] = []) throws {
        self.script = Locked(script)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// `http://127.0.0.1:PORT` + `path`.
    func url(_ path: String = "/hook") -> String { "http://127.0.0.1:\(port)\(path)" }

    var requests: [Received] { received.withLock { $0 } }

    func stop() {
        stopped.withLock { $0 = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while !stopped.withLock({ $0 }) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        guard let request = read(connection) else {
            close(connection)
            return
        }
        received.withLock { $0.append(request) }
        let behaviour = script.withLock { $0.isEmpty ? Behaviour.status(200) : $0.removeFirst() }
        switch behaviour {
        case .status(let code):
            answer(connection, "HTTP/1.1 \(code) X\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
        case .redirect(let location):
            answer(
                connection,
                "HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        case .silence(let seconds):
            Thread.sleep(forTimeInterval: seconds)
        case .reset:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
        close(connection)
    }

    private func answer(_ connection: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads one request: the head, then `Content-Length` bytes of body.
    private func read(_ connection: Int32) -> Received? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var headEnd: Int?
        var expected = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            if headEnd == nil, let end = Self.find([13, 10, 13, 10], in: buffer) {
                headEnd = end + 4
                let head = String(decoding: buffer[0..<end], as: UTF8.self)
                for line in head.split(separator: "\r\n").dropFirst() {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2, parts[0].lowercased() == "content-length" {
                        expected = Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
                    }
                }
            }
            if let headEnd, buffer.count >= headEnd + expected {
                let head = String(decoding: buffer[0..<(headEnd - 4)], as: UTF8.self)
                let lines = head.split(separator: "\r\n")
                let path = lines.first.map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "" } ?? ""
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2 {
                        headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
                    }
                }
                return Received(path: path, headers: headers, body: Array(buffer[headEnd..<(headEnd + expected)]))
            }
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<(start + needle.count)]) == needle
        {
            return start
        }
        return nil
    }
}
