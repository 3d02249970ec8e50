import Foundation
import Testing

@testable import App

/// Every operation the OpenAPI document marks as needing credentials refuses a request without them, and a
/// wrong token, with 401 (or 429 once the client has failed too often).
///
/// This stands in for schemathesis' `ignored_auth` check, which `schemathesis.toml` turns off: wrong bearer
/// tokens are throttled per client (429), and that check accepts only 401 and 403.
@Suite struct AuthEnforcementTests {
    @Test func everySecuredOperationRefusesMissingAndWrongCredentials() async throws {
        let server = try TestApp()
        let client = server.client()
        let document = try await client.perform("GET", "/api/openapi.json").json()
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var checked = 0
        for (path, operations) in paths.sorted(by: { $0.key < $1.key }) {
            for (method, value) in operations.sorted(by: { $0.key < $1.key }) {
                guard let operation = value as? [String: Any],
                    let security = operation["security"] as? [[String: Any]],
                    !security.isEmpty, !security.contains(where: \.isEmpty)
                else { continue }
                let concrete = Self.fill(path)
                let body: [String: Any] = [:]
                let json: Any? = ["post", "patch", "put"].contains(method) ? body : nil
                let missing = try await server.client().perform(method.uppercased(), concrete, json: json)
                #expect(missing.status == 401, "\(method) \(path) without credentials: \(missing.status)")
                let wrong = try await server.client().perform(
                    method.uppercased(), concrete, json: json, bearer: "wrong-token-\(checked)")
                #expect([401, 429].contains(wrong.status), "\(method) \(path) with a wrong token: \(wrong.status)")
                checked += 1
            }
        }
        #expect(checked >= 15, "the document marks the learner, admin and scores operations as secured")
        await server.stop()
    }

    /// The path with each `{parameter}` filled with a plausible value.
    private static func fill(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            switch segment {
            case "{lang}": "it"
            case "{id}": path.contains("checkpoints") ? "ch0-q1" : "1"
            case "{n}": "0"
            default: String(segment)
            }
        }.joined(separator: "/")
    }
}
