import HTTP

/// `GET /api/v1/xapi/statements`: every attempt as an xAPI 1.0.3 statement, for a learning record store or
/// an LMS that reads them. Needs a `read:scores` token; a token limited to a cohort sees only its learners.
enum XAPIRoutes {
    static let defaultPage: Int64 = 100
    static let maximumPage: Int64 = 500

    /// What the statements listing uses: the reader check, the attempts, cohorts, and the Folio origin.
    struct Context: Sendable {
        let authenticator: Authenticator
        let statements: any StatementStoring
        let cohorts: any CohortStoring
        let publicOrigin: PublicOrigin

        init(_ services: Services) {
            authenticator = services.authenticator
            statements = services.statements
            cohorts = services.cohorts
            publicOrigin = services.publicOrigin
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        router.get("/api/v1/xapi/statements") { request async throws -> Response in
            let access = try await context.authenticator.requireScoresReader(request)
            let since = try QueryParameters.time(request, "since")
            let limit = try QueryParameters.integer(request, "limit", in: 1...maximumPage) ?? defaultPage
            var cursor: Int64 = 0
            if let text = request.query("cursor") {
                guard let id = PageCursor.id(from: text) else {
                    throw APIError.badRequest("cursor is not one this API handed out")
                }
                cursor = id
            }
            let cohortID = try await access.cohortFilter(requested: nil, cohorts: context.cohorts)
            let attempts = try await context.statements.attempts(
                cohortID: cohortID, since: since, after: cursor, limit: Int(limit))
            let origin = context.publicOrigin.xapiHomePage
            var more = ""
            if attempts.count == Int(limit), let last = attempts.last {
                more = "/api/v1/xapi/statements?limit=\(limit)&cursor=\(PageCursor.encode(last.id))"
                if let since = request.query("since") { more += "&since=" + percentEncoded(since) }
            }
            let body: JSONValue = [
                "statements": .array(attempts.map { XAPIStatement.make($0, origin: origin) }),
                "more": .string(more),
            ]
            var headers = Headers()
            headers.add("X-Experience-API-Version", XAPIStatement.version)
            return body.response(headers: headers)
        }
    }

    /// A query value with everything but unreserved characters percent-encoded (`+` in an offset included).
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E:
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default: out += "%" + String(byte, radix: 16, uppercase: true).leftPadded()
            }
        }
        return out
    }
}

extension String {
    /// Two hex digits.
    fileprivate func leftPadded() -> String { count == 1 ? "0" + self : self }
}
