import Foundation

@testable import App

/// Helpers for the admin tests: console sign-in, form bodies, OS-thread concurrency, content edits.
enum AdminTestSupport {
    static let bearer = [("Authorization", "Bearer \(TestServer.adminToken)")]
    static let formType = ("Content-Type", "application/x-www-form-urlencoded")

    enum Failure: Error {
        case noCSRFToken(String)
        case unexpected(String)
    }

    /// `application/x-www-form-urlencoded` bytes of `fields`.
    static func form(_ fields: [(String, String)]) -> [UInt8] {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let text = fields.map { name, value in
            (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") + "="
                + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }.joined(separator: "&")
        return Array(text.utf8)
    }

    /// Posts a form with the client's cookies (from a thread of its own, like every test request).
    static func post(_ client: TestClient, _ path: String, _ fields: [(String, String)]) async throws
        -> TestClient.Response
    {
        try await client.perform("POST", path, headers: [formType], body: form(fields))
    }

    /// A request on a connection of its own that waits up to `timeout` for the answer: content reloads take
    /// seconds, and far longer under ThreadSanitizer than `TestClient`'s 20-second receive timeout.
    static func slowRequest(
        port: Int, _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = [],
        timeout: TimeInterval = 600
    ) async throws -> TestClient.Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        let bytes = Array(head.utf8) + body
        let text = try await Blocking.run { try TestClient.raw(bytes, port: port, timeout: timeout) }
        guard let split = text.range(of: "\r\n\r\n") else { throw Failure.unexpected("no response head: \(text)") }
        var lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure.unexpected(text) }
        let fields = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return TestClient.Response(status: status, headers: fields, body: Array(text[split.upperBound...].utf8))
    }

    /// `POST /admin/reload` with the admin bearer token, waiting as long as the reload takes.
    static func reload(_ server: TestServer) async throws -> TestClient.Response {
        try await slowRequest(port: server.port, "POST", "/admin/reload", headers: bearer)
    }

    /// `POST /admin/reload` with the admin bearer token, in-process.
    static func reload(_ app: TestApp) async throws -> TestClient.Response {
        try await app.client().perform("POST", "/admin/reload", headers: bearer)
    }

    /// Signs the client in through `/admin/login` and returns the session's CSRF token from the console.
    static func signIn(_ client: TestClient) async throws -> String {
        let login = try await post(client, "/admin/login", [("token", TestServer.adminToken)])
        guard login.status == 303 else { throw Failure.unexpected("sign-in answered \(login.status)") }
        return try csrfToken(in: try await client.perform("GET", "/admin").text)
    }

    /// The value of the first hidden `csrf` field of a console page.
    static func csrfToken(in html: String) throws -> String {
        let marker = "name=\"csrf\" value=\""
        guard let start = html.range(of: marker) else { throw Failure.noCSRFToken(String(html.prefix(200))) }
        let rest = html[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { throw Failure.noCSRFToken(String(rest.prefix(80))) }
        return String(rest[..<end])
    }

    /// Runs `count` blocking closures on their own OS threads (not the two-thread cooperative pool, which
    /// blocking sockets would serialise) and returns their results in order.
    static func onThreads<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) async -> [T] {
        await withTaskGroup(of: (Int, T).self) { group in
            for index in 0..<count {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        let thread = Thread { continuation.resume(returning: (index, body(index))) }
                        thread.stackSize = 1 << 20
                        thread.start()
                    }
                }
            }
            var results: [(Int, T)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// Rewrites one content file of a server started with `copyContent: true`.
    static func edit(_ server: TestServer, file: String, _ change: (String) throws -> String) throws {
        try edit(contentDirectory: server.contentDirectory, file: file, change)
    }

    /// Rewrites one content file of an app prepared with `copyContent: true`.
    static func edit(_ app: TestApp, file: String, _ change: (String) throws -> String) throws {
        try edit(contentDirectory: app.contentDirectory, file: file, change)
    }

    private static func edit(contentDirectory: String, file: String, _ change: (String) throws -> String) throws {
        let url = URL(fileURLWithPath: contentDirectory).appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        let changed = try change(text)
        guard changed != text else { throw Failure.unexpected("editing \(file) changed nothing") }
        try changed.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Replaces the one line starting with `prefix`.
    static func replaceLine(startingWith prefix: String, with line: String, in text: String) throws -> String {
        var lines = text.components(separatedBy: "\n")
        let matches = lines.indices.filter { lines[$0].hasPrefix(prefix) }
        guard matches.count == 1, let index = matches.first else {
            throw Failure.unexpected("\(matches.count) lines start with \(prefix)")
        }
        lines[index] = line
        return lines.joined(separator: "\n")
    }
}
