import Foundation
import Testing

@testable import App

/// The in-process harness answers as the socket server does: same status, headers and body for the same
/// requests (the `Date` header and the secrets in cookies aside), so route tests may run on either.
@Suite struct TestAppParityTests {
    static let requests: [(method: String, path: String, headers: [(String, String)], body: [UInt8])] = [
        ("GET", "/healthz", [], []),
        ("GET", "/api/v1/languages", [], []),
        ("GET", "/api/v1/it/chapters/3", [("Accept-Encoding", "gzip")], []),
        ("HEAD", "/it/chapters/1", [], []),
        ("GET", "/it/chapters/1", [("If-None-Match", "\"not-the-etag\"")], []),
        ("GET", "/static/folio.css", [], []),
        ("GET", "/favicon.ico", [], []),
        ("GET", "/nowhere", [], []),
        ("GET", "/api/v1/xx/chapters", [], []),
        ("DELETE", "/api/v1/languages", [], []),
        ("OPTIONS", "/api/v1/languages", [], []),
        ("GET", "/api/v1/admin/cohorts", [("Authorization", "Bearer wrong-token-0000000000")], []),
        ("POST", "/api/v1/it/checkpoints/ch0-q1/attempts", [("Content-Type", "application/json")], Array("{".utf8)),
    ]

    @Test func theHarnessAnswersAsTheServerDoes() async throws {
        let server = try TestServer()
        let app = try TestApp()
        for (method, path, headers, body) in Self.requests {
            let overSocket = try await server.client().perform(method, path, headers: headers, body: body)
            let inProcess = try await app.client().perform(method, path, headers: headers, body: body)
            #expect(inProcess.status == overSocket.status, "\(method) \(path)")
            #expect(Self.comparable(inProcess.headers) == Self.comparable(overSocket.headers), "\(method) \(path)")
            #expect(inProcess.body == overSocket.body, "\(method) \(path)")
        }
        await server.stop()
        await app.stop()
    }

    @Test func aLearnerKeepsItsCookieAndProgressAcrossRequests() async throws {
        let app = try TestApp()
        let client = app.client()
        let first = try await client.perform("POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "x"])
        #expect(first.status == 200)
        let cookie = try #require(client.cookies[LearnerIdentity.cookieName])
        #expect(first.headers("Set-Cookie").contains { $0.contains("HttpOnly") && $0.contains("SameSite") })
        let me = try await client.perform("GET", "/api/v1/me")
        #expect(me.status == 200)
        #expect(client.cookies[LearnerIdentity.cookieName] == cookie)
        #expect(try await app.client().perform("GET", "/api/v1/me").status == 401, "another client has no cookie")
        await app.stop()
    }

    @Test func anUnparsableTargetIsTheServersBadRequest() async throws {
        let app = try TestApp()
        let response = try await app.client().perform("GET", "no-leading-slash")
        #expect(response.status == 400)
        await app.stop()
    }

    /// Headers in order without `Date` (the clock) and with cookie values blanked (fresh secrets per server).
    static func comparable(_ headers: [(String, String)]) -> [String] {
        headers.compactMap { name, value in
            switch name.lowercased() {
            case "date": return nil
            case "set-cookie":
                let parts = value.split(separator: ";", maxSplits: 1)
                let cookieName = parts.first?.split(separator: "=").first ?? ""
                return "set-cookie: \(cookieName)=…;\(parts.count > 1 ? parts[1] : "")"
            default: return "\(name.lowercased()): \(value)"
            }
        }
    }
}
