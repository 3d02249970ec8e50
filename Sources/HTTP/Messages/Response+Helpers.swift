import Foundation

extension Response {
    /// A `text/plain; charset=utf-8` response.
    public static func text(_ text: String, status: Status = .ok, headers: Headers = Headers()) -> Response {
        make(status: status, contentType: "text/plain; charset=utf-8", headers: headers, body: Array(text.utf8))
    }

    /// A `text/html; charset=utf-8` response; the caller is responsible for escaping.
    public static func html(_ html: String, status: Status = .ok, headers: Headers = Headers()) -> Response {
        make(status: status, contentType: "text/html; charset=utf-8", headers: headers, body: Array(html.utf8))
    }

    /// An `application/json` response from already encoded bytes, with `X-Content-Type-Options: nosniff`
    /// so no browser ever reads it as a page or a script.
    public static func json(bytes: [UInt8], status: Status = .ok, headers: Headers = Headers()) -> Response {
        var headers = headers
        if !headers.contains("X-Content-Type-Options") { headers.add("X-Content-Type-Options", "nosniff") }
        return make(status: status, contentType: "application/json", headers: headers, body: bytes)
    }

    /// An `application/json` response encoding `value` with `JSONEncoder` (sorted keys, ISO 8601 dates).
    ///
    /// Pass pre-encoded JSON with `json(bytes:)`; a `[UInt8]` given here is encoded as an array of numbers.
    ///
    /// - Throws: `HTTPError` (500) when the value cannot be encoded.
    public static func json(
        _ value: some Encodable, status: Status = .ok, headers: Headers = Headers()
    ) throws(HTTPError) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw HTTPError(.internalServerError, "response encoding failed")
        }
        return json(bytes: Array(data), status: status, headers: headers)
    }

    /// A redirect to `location` (303 See Other by default) with a short text body.
    public static func redirect(to location: String, status: Status = .seeOther) -> Response {
        var headers = Headers()
        headers.add("Location", location)
        return text("Redirecting to \(location)\n", status: status, headers: headers)
    }

    private static func make(status: Status, contentType: String, headers: Headers, body: [UInt8]) -> Response {
        var headers = headers
        if !headers.contains("Content-Type") { headers.add("Content-Type", contentType) }
        return Response(status: status, headers: headers, body: body)
    }
}
