import HTTP

/// Errors of the JSON API, answered as `{"error":{"code":…,"message":…}}` with their status.
///
/// Handlers throw these (they are `HTTPError`s that know their response); the router's error formatter
/// gives the same shape to errors raised before a handler runs (404, 405, 413, parse errors).
public enum APIError {
    /// An `HTTPError` carrying the JSON error body.
    public static func make(_ status: Status, code: String, _ message: String, headers: Headers = Headers())
        -> HTTPError
    {
        var error = HTTPError(status, message, headers: headers)
        error.response = body(status: status, code: code, message: message, headers: headers)
        return error
    }

    public static func badRequest(_ message: String) -> HTTPError {
        make(.badRequest, code: "bad_request", message)
    }

    public static func invalidJSON(_ message: String) -> HTTPError {
        make(.badRequest, code: "invalid_json", message)
    }

    public static func unauthorized(_ message: String = "credentials are required") -> HTTPError {
        var headers = Headers()
        headers.add("WWW-Authenticate", "Bearer realm=\"folio\"")
        return make(.unauthorized, code: "unauthorized", message, headers: headers)
    }

    public static func forbidden(_ message: String = "these credentials do not allow this") -> HTTPError {
        make(.forbidden, code: "forbidden", message)
    }

    public static func notFound(_ message: String) -> HTTPError {
        make(.notFound, code: "not_found", message)
    }

    public static func unprocessable(_ message: String, code: String = "unprocessable") -> HTTPError {
        make(Status(code: 422), code: code, message)
    }

    public static func tooLarge(_ message: String) -> HTTPError {
        make(Status(code: 413), code: "payload_too_large", message)
    }

    public static func rateLimited(retryAfter: Int) -> HTTPError {
        var headers = Headers()
        headers.add("Retry-After", String(retryAfter))
        return make(
            Status(code: 429), code: "rate_limited", "too many requests; retry after \(retryAfter) s",
            headers: headers)
    }

    public static func unavailable(_ message: String) -> HTTPError {
        var headers = Headers()
        headers.add("Retry-After", "1")
        return make(Status(code: 503), code: "unavailable", message, headers: headers)
    }

    /// The JSON error response itself.
    public static func body(status: Status, code: String, message: String, headers: Headers = Headers()) -> Response {
        let json = "{\"error\":{\"code\":\(JSONText.string(code)),\"message\":\(JSONText.string(message))}}"
        var headers = headers
        headers["Content-Type"] = "application/json"
        headers["Cache-Control"] = "no-store"
        headers["X-Content-Type-Options"] = "nosniff"
        return Response(status: status, headers: headers, body: Array(json.utf8))
    }

    /// The stable machine-readable code for a status, for errors the router raises itself.
    static func code(for status: Status) -> String {
        switch status.code {
        case 400: "bad_request"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "not_found"
        case 405: "method_not_allowed"
        case 408: "request_timeout"
        case 411: "length_required"
        case 413: "payload_too_large"
        case 414: "uri_too_long"
        case 415: "unsupported_media_type"
        case 417: "expectation_failed"
        case 422: "unprocessable"
        case 429: "rate_limited"
        case 431: "header_fields_too_large"
        case 501: "not_implemented"
        case 503: "unavailable"
        case 505: "http_version_not_supported"
        default: status.code >= 500 ? "internal_error" : "error"
        }
    }
}
