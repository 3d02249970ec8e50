/// One operation (method and path) of the OpenAPI document, with the builders its definitions use.
struct OpenAPIOperation: Sendable {
    /// Who may call an operation, as the OpenAPI `security` requirement.
    enum Access: Sendable {
        case everyone
        case admin
        case scoresReader
        case learner
        /// A learner when there is one; one is created otherwise.
        case optionalLearner
    }

    var method: String
    /// The path with `{parameter}` templates.
    var path: String
    var operationID: String
    var tag: String
    var summary: String
    var description: String?
    var access: Access
    var parameters: [JSONValue] = []
    var requestBody: JSONValue?
    /// Status code (or `default`) to response object, in document order.
    var responses: [(String, JSONValue)]

    var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init(key: "operationId", value: .string(operationID)),
            .init(key: "tags", value: [.string(tag)]),
            .init(key: "summary", value: .string(summary)),
        ]
        if let description { members.append(.init(key: "description", value: .string(description))) }
        if let security { members.append(.init(key: "security", value: security)) }
        if !parameters.isEmpty { members.append(.init(key: "parameters", value: .array(parameters))) }
        if let requestBody { members.append(.init(key: "requestBody", value: requestBody)) }
        var all = responses
        all.append(("default", Self.response("Error")))
        members.append(.init(key: "responses", value: .object(all.map { .init(key: $0.0, value: $0.1) })))
        return .object(members)
    }

    private var security: JSONValue? {
        switch access {
        case .everyone: nil
        case .admin: [["adminToken": []]]
        case .scoresReader: [["adminToken": []], ["apiToken": []]]
        case .learner: [["learnerToken": []], ["learnerCookie": []]]
        case .optionalLearner: [[:], ["learnerToken": []], ["learnerCookie": []]]
        }
    }

    // MARK: builders

    /// A JSON request body of schema `schemaName`.
    static func jsonBody(_ schemaName: String) -> JSONValue {
        ["required": true, "content": ["application/json": ["schema": OpenAPISchema.ref(schemaName)]]]
    }

    /// A successful JSON response of schema `schemaName`.
    static func json(_ description: String, _ schemaName: String, headers: JSONValue? = nil) -> JSONValue {
        var response: JSONValue = [
            "description": .string(description),
            "content": ["application/json": ["schema": OpenAPISchema.ref(schemaName)]],
        ]
        if let headers { response = response.setting("headers", to: headers) }
        return response
    }

    /// A CSV download.
    static func csv(_ description: String) -> JSONValue {
        [
            "description": .string(description),
            "content": ["text/csv": ["schema": ["type": "string"]]],
        ]
    }

    static func noContent(_ description: String, headers: JSONValue? = nil) -> JSONValue {
        var response: JSONValue = ["description": .string(description)]
        if let headers { response = response.setting("headers", to: headers) }
        return response
    }

    /// `{"$ref": "#/components/responses/NAME"}`.
    static func response(_ name: String) -> JSONValue {
        ["$ref": .string("#/components/responses/" + name)]
    }

    /// `{"$ref": "#/components/parameters/NAME"}`.
    static func parameter(_ name: String) -> JSONValue {
        ["$ref": .string("#/components/parameters/" + name)]
    }

    /// The `Set-Cookie` header of a response that may create a learner.
    static let learnerCookieHeader: JSONValue = [
        "Set-Cookie": [
            "description": "`folio_learner=…; HttpOnly; SameSite=Lax` when a learner was created or resumed",
            "schema": ["type": "string"],
        ]
    ]

    /// References to the named error responses for `statuses`; an operation that can answer 401 can also answer 429 (wrong
    /// bearer tokens are throttled per client).
    static func errors(_ statuses: Int...) -> [(String, JSONValue)] {
        var statuses = statuses
        if statuses.contains(401), !statuses.contains(429) { statuses = (statuses + [429]).sorted() }
        return statuses.map { status in
            let name =
                switch status {
                case 400: "BadRequest"
                case 401: "Unauthorized"
                case 403: "Forbidden"
                case 404: "NotFound"
                case 413: "PayloadTooLarge"
                case 415: "UnsupportedMediaType"
                case 422: "Unprocessable"
                case 429: "TooManyRequests"
                case 503: "Unavailable"
                default: "Error"
                }
            return (String(status), response(name))
        }
    }
}
