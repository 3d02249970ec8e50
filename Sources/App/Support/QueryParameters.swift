import HTTP

/// Strictly parsed query parameters: a value that does not match its documented form is a 400, never
/// silently clamped, so clients learn about their mistakes.
enum QueryParameters {
    /// The integer parameter `name` within `range`, or `nil` when absent.
    /// - Throws: `HTTPError` 400 for anything but decimal digits (optionally signed) in range.
    static func integer(_ request: Request, _ name: String, in range: ClosedRange<Int64>) throws(HTTPError) -> Int64? {
        guard let text = request.query(name) else { return nil }
        guard text.utf8.count <= 20, let value = Int64(text), range.contains(value) else {
            throw APIError.badRequest("\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// The RFC 3339 timestamp parameter `name` in Unix milliseconds, or `nil` when absent.
    /// - Throws: `HTTPError` 400 when it is not an RFC 3339 date-time.
    static func time(_ request: Request, _ name: String) throws(HTTPError) -> Int64? {
        guard let text = request.query(name) else { return nil }
        guard let milliseconds = RFC3339.milliseconds(text) else {
            throw APIError.badRequest("\(name) must be an RFC 3339 date-time such as 2026-01-31T09:00:00Z")
        }
        return milliseconds
    }

    /// The id in path parameter `name`: a positive integer.
    /// - Throws: `notFound` when it is not one (no such resource can exist).
    static func pathID(_ request: Request, _ name: String = "id", notFound: (String) -> HTTPError) throws(HTTPError)
        -> Int64
    {
        let text = request.parameters[name] ?? ""
        guard text.utf8.count <= 19, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let id = Int64(text),
            id >= 1
        else { throw notFound(text) }
        return id
    }
}
