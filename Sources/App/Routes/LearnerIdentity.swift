import Foundation
import HTTP

/// Finds the learner behind a request (cookie or bearer token) and issues the cookie for a new one.
struct LearnerIdentity: Sendable {
    /// The cookie holding the learner's token.
    static let cookieName = "folio_learner"
    /// One year: progress should survive a long break.
    static let cookieLifetimeSeconds = 365 * 24 * 3600

    let store: any LearnerStoring
    let trustProxy: Bool

    /// The token the request presents: `Authorization: Bearer …` first, then the cookie.
    static func token(in request: Request) -> String? {
        if let bearer = bearerToken(in: request) { return bearer }
        return cookie(named: cookieName, in: request)
    }

    /// The learner for the request, or `nil` when it carries no valid learner token.
    /// - Throws: `StoreError` when the database cannot be read.
    func learner(for request: Request) throws -> Learner? {
        guard let token = Self.token(in: request) else { return nil }
        return try store.learner(token: token)
    }

    /// The `Set-Cookie` value that stores `token` in the browser.
    ///
    /// `HttpOnly` keeps scripts from reading it; `SameSite=Lax` keeps other sites' forms from using it;
    /// `Secure` when the request came over HTTPS through a trusted proxy.
    func cookie(for token: String, request: Request) -> String {
        var value = "\(Self.cookieName)=\(token); Path=/; Max-Age=\(Self.cookieLifetimeSeconds); HttpOnly; SameSite=Lax"
        if isHTTPS(request) { value += "; Secure" }
        return value
    }

    /// Whether the client reached us over HTTPS (only believed from a trusted proxy).
    func isHTTPS(_ request: Request) -> Bool {
        trustProxy && request.headers["X-Forwarded-Proto"]?.lowercased() == "https"
    }

    /// The credentials of an `Authorization: Bearer` header.
    static func bearerToken(in request: Request) -> String? {
        guard let header = request.headers["Authorization"] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// The value of cookie `name` from the `Cookie` header(s).
    static func cookie(named name: String, in request: Request) -> String? {
        for header in request.headers.values(for: "Cookie") {
            for pair in header.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " }
                guard let equals = trimmed.firstIndex(of: "=") else { continue }
                if trimmed[..<equals] == name { return String(trimmed[trimmed.index(after: equals)...]) }
            }
        }
        return nil
    }
}
