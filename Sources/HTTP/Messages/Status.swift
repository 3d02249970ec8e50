/// An HTTP response status code with its reason phrase (RFC 9110 §15).
public struct Status: Sendable, Hashable, CustomStringConvertible {
    /// The three-digit code.
    public let code: Int
    /// The reason phrase written on the status line.
    public let reasonPhrase: String

    /// Creates a status; the reason phrase defaults to the standard one for known codes.
    public init(code: Int, reasonPhrase: String? = nil) {
        precondition((100...999).contains(code), "status code must have three digits")
        self.code = code
        self.reasonPhrase = reasonPhrase ?? Status.standardPhrases[code] ?? "Status \(code)"
    }

    public var description: String { "\(code) \(reasonPhrase)" }

    /// Whether a response with this status may carry content (not 1xx, 204 or 304).
    public var allowsBody: Bool { code >= 200 && code != 204 && code != 304 }

    public static func == (lhs: Status, rhs: Status) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    public static let `continue` = Status(code: 100)
    public static let ok = Status(code: 200)
    public static let created = Status(code: 201)
    public static let accepted = Status(code: 202)
    public static let noContent = Status(code: 204)
    public static let movedPermanently = Status(code: 301)
    public static let found = Status(code: 302)
    public static let seeOther = Status(code: 303)
    public static let notModified = Status(code: 304)
    public static let temporaryRedirect = Status(code: 307)
    public static let permanentRedirect = Status(code: 308)
    public static let badRequest = Status(code: 400)
    public static let unauthorized = Status(code: 401)
    public static let forbidden = Status(code: 403)
    public static let notFound = Status(code: 404)
    public static let methodNotAllowed = Status(code: 405)
    public static let notAcceptable = Status(code: 406)
    public static let requestTimeout = Status(code: 408)
    public static let conflict = Status(code: 409)
    public static let gone = Status(code: 410)
    public static let lengthRequired = Status(code: 411)
    public static let preconditionFailed = Status(code: 412)
    public static let contentTooLarge = Status(code: 413)
    public static let uriTooLong = Status(code: 414)
    public static let unsupportedMediaType = Status(code: 415)
    public static let expectationFailed = Status(code: 417)
    public static let unprocessableContent = Status(code: 422)
    public static let tooManyRequests = Status(code: 429)
    public static let requestHeaderFieldsTooLarge = Status(code: 431)
    public static let internalServerError = Status(code: 500)
    public static let notImplemented = Status(code: 501)
    public static let badGateway = Status(code: 502)
    public static let serviceUnavailable = Status(code: 503)
    public static let gatewayTimeout = Status(code: 504)
    public static let httpVersionNotSupported = Status(code: 505)

    private static let standardPhrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols",
        200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 206: "Partial Content",
        301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required",
        412: "Precondition Failed", 413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type",
        417: "Expectation Failed", 422: "Unprocessable Content", 429: "Too Many Requests",
        431: "Request Header Fields Too Large",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported",
    ]
}
