import Foundation
import HTTP

/// A small blocking HTTP/1.1 client over a real socket, with a cookie jar, for tests.
///
/// Deliberately not URLSession: tests need exact control of bytes, keep-alive and cookies.
final class TestClient: @unchecked Sendable {  // used by one test task at a time
    struct Response {
        var status: Int
        var headers: [(String, String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
        func headers(_ name: String) -> [String] {
            headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
        }
        var text: String { String(decoding: body, as: UTF8.self) }
        func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
                throw TestClientError.notJSONObject(text)
            }
            return object
        }
    }

    enum TestClientError: Error {
        case connect(Int32)
        case closed
        case malformed(String)
        case notJSONObject(String)
        /// A blocking `request` on a `TestApp` client: use `perform`.
        case inProcess
    }

    let port: Int
    var cookies: [String: String] = [:]
    /// Set for a client of a `TestApp`: `perform` hands requests to its router, nothing goes over a socket.
    let app: TestApp?
    /// The client address a `TestApp` sees, one per client as one per connection.
    private let remoteAddress: String?
    private var descriptor: Int32 = -1
    private var buffer: [UInt8] = []

    init(port: Int) {
        self.port = port
        app = nil
        remoteAddress = nil
    }

    /// A client of `app` (in-process).
    init(app: TestApp) {
        port = app.port
        self.app = app
        remoteAddress = app.nextRemoteAddress()
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Sends a request on the kept-alive connection (opening one when needed) and reads the response.
    func request(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = [], useCookies: Bool = true
    ) throws -> Response {
        guard app == nil else { throw TestClientError.inProcess }
        if descriptor < 0 { try connect() }
        var head = "\(method) \(path) HTTP/1.1\r\n"
        for (name, value) in fields(method, headers: headers, body: body, useCookies: useCookies) {
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"
        do {
            try sendAll(Array(head.utf8) + body)
            let response = try readResponse(method: method)
            keepCookies(of: response)
            if response.header("Connection")?.lowercased() == "close" { reset() }
            return response
        } catch {
            reset()
            throw error
        }
    }

    /// The header fields of a request: `Host`, the test's own, the cookie jar's and `Content-Length`.
    func fields(_ method: String, headers: [(String, String)], body: [UInt8], useCookies: Bool) -> [(String, String)] {
        var fields = [("Host", "127.0.0.1:\(port)")] + headers
        if useCookies, !cookies.isEmpty {
            fields.append(("Cookie", cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")))
        }
        if !body.isEmpty || method == "POST" || method == "PATCH" || method == "PUT" {
            fields.append(("Content-Length", String(body.count)))
        }
        return fields
    }

    /// Stores the cookies a response sets, as a browser's jar would.
    func keepCookies(of response: Response) {
        for value in response.headers("Set-Cookie") {
            let pair = value.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
        }
    }

    /// Sends a request to the client's `TestApp`: the same fields as over a socket, handed to its router as
    /// a `Request`; the answer is what the server would put on the wire (framing headers, no body for `HEAD`).
    func exchange(
        with app: TestApp, _ method: String, _ path: String, headers: [(String, String)], body: [UInt8]
    ) async throws -> Response {
        var requestHeaders = Headers()
        for (name, value) in fields(method, headers: headers, body: body, useCookies: true) {
            requestHeaders.add(name, value)
        }
        let answer: HTTP.Response
        do throws(HTTPError) {
            var request = try Request(method: Method(method), target: path, headers: requestHeaders, body: body)
            request.remoteAddress = remoteAddress
            answer = await app.respond(to: request)
        } catch {
            answer = app.respond(toUnparsable: error)
        }
        let response = Self.wireForm(of: answer, headOnly: method == "HEAD")
        keepCookies(of: response)
        return response
    }

    /// A response as the server serializes it: its framing headers dropped and the server's added
    /// (`Content-Type` when missing, `Content-Length`, `Connection: close` when the handler asks to close).
    static func wireForm(of response: HTTP.Response, headOnly: Bool) -> Response {
        var fields: [(String, String)] = []
        var hasContentType = false
        var closes = false
        for (name, value) in response.headers {
            switch name.lowercased() {
            case "date", "content-length", "transfer-encoding", "keep-alive": continue
            case "connection":
                closes = closes || value.lowercased().contains("close")
                continue
            case "content-type": hasContentType = true
            default: break
            }
            fields.append((name, value))
        }
        let body = response.body
        if response.status.allowsBody {
            if !hasContentType {
                fields.append(("Content-Type", body.isEmpty ? "text/plain; charset=utf-8" : "application/octet-stream"))
            }
            fields.append(("Content-Length", String(body.count)))
        }
        if closes { fields.append(("Connection", "close")) }
        return Response(
            status: response.status.code, headers: fields,
            body: headOnly || !response.status.allowsBody ? [] : body)
    }

    func get(_ path: String, headers: [(String, String)] = []) throws -> Response {
        try request("GET", path, headers: headers)
    }

    func postJSON(_ path: String, _ object: Any, headers: [(String, String)] = []) throws -> Response {
        let body = try JSONSerialization.data(withJSONObject: object)
        return try request("POST", path, headers: [("Content-Type", "application/json")] + headers, body: Array(body))
    }

    /// Sends raw bytes on a fresh connection and returns everything read until the server closes or
    /// `timeout` passes.
    static func raw(_ bytes: [UInt8], port: Int, timeout: TimeInterval = 5) throws -> String {
        let client = TestClient(port: port)
        try client.connect(timeout: timeout)
        try client.sendAll(bytes)
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(client.descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            out.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: out, as: UTF8.self)
    }

    func reset() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        buffer = []
    }

    private func connect(timeout: TimeInterval = 20) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var time = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw TestClientError.connect(errno) }
    }

    private func sendAll(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw TestClientError.closed }
            offset += sent
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw TestClientError.closed }
        buffer.append(contentsOf: chunk[0..<count])
    }

    private func readResponse(method: String) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            if let index = Self.find(separator, in: buffer) { headEnd = index } else { try fill() }
        }
        guard let end = headEnd else { throw TestClientError.closed }
        let head = String(decoding: buffer[0..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw TestClientError.malformed(head) }
        var headers: [(String, String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw TestClientError.malformed(line) }
            headers.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let length =
            method == "HEAD" || status == 304 || status == 204 || status == 100
            ? 0 : Int(headers.first { $0.0.lowercased() == "content-length" }?.1 ?? "0") ?? 0
        while buffer.count < length { try fill() }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        if status == 100 { return try readResponse(method: method) }
        return Response(status: status, headers: headers, body: body)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if Array(haystack[index..<(index + needle.count)]) == needle { return index }
        }
        return nil
    }
}
