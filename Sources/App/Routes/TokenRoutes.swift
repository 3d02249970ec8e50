import HTTP

/// API tokens for other systems: the admin creates (the secret is shown once), lists and revokes them.
enum TokenRoutes {
    struct NewToken: Decodable {
        let name: String
        let scope: String
        let cohort: Int64?

        enum CodingKeys: String, CodingKey {
            case name, scope, cohort
        }

        /// `cohort` may be absent or `null` (every cohort); when present it must be an integer.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            scope = try container.decode(String.self, forKey: .scope)
            cohort = try container.decodeIfPresent(Int64.self, forKey: .cohort)
        }
    }

    /// What the token routes use: the admin check and the token store.
    struct Context: Sendable {
        let authenticator: Authenticator
        let tokens: any TokenStoring

        init(_ services: Services) {
            authenticator = services.authenticator
            tokens = services.tokens
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        router.post("/api/v1/admin/tokens") { request async throws -> Response in
            try await context.authenticator.requireAdmin(request)
            let body = try JSONBody.decode(NewToken.self, from: request)
            let name = try InputRules.name(body.name, field: "name")
            guard let scope = APIToken.Scope(rawValue: body.scope) else {
                throw APIError.unprocessable(
                    "scope must be one of \(APIToken.Scope.allCases.map(\.rawValue).joined(separator: ", "))",
                    code: "invalid_field")
            }
            guard
                let issued = try await durably({
                    try await context.tokens.create(name: name, scope: scope, cohortID: body.cohort)
                })
            else {
                throw APIError.notFound("no cohort with id \(body.cohort.map(String.init) ?? "")")
            }
            return ResourceJSON.token(issued.token).setting("token", to: .string(issued.secret))
                .response(status: .created)
        }
        router.get("/api/v1/admin/tokens") { request async throws -> Response in
            try await context.authenticator.requireAdmin(request)
            let body: JSONValue = ["tokens": .array(try await context.tokens.all().map(ResourceJSON.token))]
            return body.response()
        }
        router.delete("/api/v1/admin/tokens/:id") { request async throws -> Response in
            try await context.authenticator.requireAdmin(request)
            let notFound = { (id: String) in APIError.notFound("no API token with id \(id)") }
            let id = try QueryParameters.pathID(request, notFound: notFound)
            guard try await durably({ try await context.tokens.revoke(id: id) }) else {
                throw notFound(String(id))
            }
            return Response(status: .noContent)
        }
    }
}
