import Foundation

@testable import App

/// Runs blocking socket work on a thread of its own: the server's async handlers share Swift's small
/// cooperative pool with the tests, so a test must never block that pool while it waits for them.
enum Blocking {
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.start()
        }
    }
}

extension TestClient {
    static let adminHeader = ("Authorization", "Bearer \(TestServer.adminToken)")

    /// A request sent from a dedicated thread (or, for a `TestApp` client, to its router), with an optional
    /// JSON body and bearer token.
    func perform(
        _ method: String, _ path: String, json: Any? = nil, bearer: String? = nil, headers: [(String, String)] = [],
        body: [UInt8] = []
    ) async throws -> Response {
        var headers = headers
        var body = body
        if let json {
            body = Array(try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed]))
            headers.append(("Content-Type", "application/json"))
        }
        if let bearer { headers.append(("Authorization", "Bearer \(bearer)")) }
        if let app { return try await exchange(with: app, method, path, headers: headers, body: body) }
        let finalHeaders = headers
        let finalBody = body
        return try await Blocking.run { try self.request(method, path, headers: finalHeaders, body: finalBody) }
    }

    /// Creates a learner through the API and returns its id and token.
    func createLearner(_ name: String, language: String = "it", cohortCode: String? = nil) async throws
        -> (id: Int64, token: String)
    {
        var body: [String: Any] = ["display_name": name, "language": language]
        if let cohortCode { body["cohort_code"] = cohortCode }
        let response = try await perform("POST", "/api/v1/learners", json: body)
        guard response.status == 201, let json = try? response.json(), let id = json["id"] as? Int,
            let token = json["token"] as? String
        else { throw TestClient.TestClientError.malformed("learner creation: \(response.status) \(response.text)") }
        return (Int64(id), token)
    }

    /// Creates a cohort with the admin token and returns its id and join code.
    func createCohort(_ name: String) async throws -> (id: Int64, joinCode: String) {
        let response = try await perform(
            "POST", "/api/v1/admin/cohorts", json: ["name": name], headers: [Self.adminHeader])
        guard response.status == 201, let json = try? response.json(), let id = json["id"] as? Int,
            let code = json["join_code"] as? String
        else { throw TestClient.TestClientError.malformed("cohort creation: \(response.status) \(response.text)") }
        return (Int64(id), code)
    }

    /// Creates an API token with the admin token and returns its id and secret.
    func createToken(_ name: String, cohort: Int64? = nil) async throws -> (id: Int64, secret: String) {
        var body: [String: Any] = ["name": name, "scope": "read:scores"]
        if let cohort { body["cohort"] = cohort }
        let response = try await perform("POST", "/api/v1/admin/tokens", json: body, headers: [Self.adminHeader])
        guard response.status == 201, let json = try? response.json(), let id = json["id"] as? Int,
            let token = json["token"] as? String
        else { throw TestClient.TestClientError.malformed("token creation: \(response.status) \(response.text)") }
        return (Int64(id), token)
    }
}

extension TestClient.Response {
    /// The `error.code` of a JSON error body.
    var errorCode: String? {
        ((try? json())?["error"] as? [String: Any])?["code"] as? String
    }
}
