import Foundation
import HTTP

/// A response body prepared once at content load: identity and gzip variants, each with a strong ETag and
/// its 200 and 304 responses serialised in advance, so serving it is a lookup and a pointer copy.
///
/// A class so that taking one out of a dictionary per request is one retain, not one per stored reference.
public final class PreparedBody: Sendable {
    private struct Variant: Sendable {
        let etag: String
        let full: PrebuiltResponse
        let notModified: PrebuiltResponse
    }

    private let identity: Variant
    private let gzip: Variant?
    /// The strong entity tag of the identity variant.
    public var etag: String { identity.etag }
    /// The uncompressed bytes' length.
    public let count: Int

    /// Prepares `body`; gzip is kept only when it is smaller.
    /// - Throws: `HTTPError` if compression fails.
    public init(
        _ body: [UInt8], contentType: String, cacheControl: String = "no-cache", extraHeaders: Headers = Headers()
    ) throws(HTTPError) {
        count = body.count
        let hash = Secrets.hex(Array(Secrets.sha256(body).prefix(12)))
        var headers = Headers()
        headers.add("Content-Type", contentType)
        headers.add("Cache-Control", cacheControl)
        headers.add("Vary", "Accept-Encoding")
        headers.add("X-Content-Type-Options", "nosniff")
        for (name, value) in extraHeaders { headers.add(name, value) }
        identity = Self.variant(etag: "\"\(hash)\"", headers: headers, body: body)
        var compressed: Variant?
        if body.count >= 256 {
            let bytes = try Gzip.compress(body)
            if bytes.count < body.count {
                var gzipHeaders = headers
                gzipHeaders.add("Content-Encoding", "gzip")
                compressed = Self.variant(etag: "\"\(hash)-gz\"", headers: gzipHeaders, body: bytes)
            }
        }
        gzip = compressed
    }

    /// The 200 or 304 response for `request`, gzip when the client accepts it.
    public func respond(to request: Request) -> Response {
        let variant = (gzip != nil && AcceptEncoding(request).acceptsGzip ? gzip : nil) ?? identity
        if let condition = request.headers["If-None-Match"], Self.matches(condition, etag: variant.etag) {
            return Response(variant.notModified)
        }
        return Response(variant.full)
    }

    private static func variant(etag: String, headers: Headers, body: [UInt8]) -> Variant {
        var headers = headers
        headers.add("ETag", etag)
        var notModified = Headers()
        for (name, value) in headers where name.lowercased() != "content-type" { notModified.add(name, value) }
        return Variant(
            etag: etag, full: PrebuiltResponse(status: .ok, headers: headers, body: body),
            notModified: PrebuiltResponse(status: .notModified, headers: notModified, body: []))
    }

    /// Weak comparison of `If-None-Match` entity tags (RFC 9110 §13.1.2).
    static func matches(_ condition: String, etag: String) -> Bool {
        condition.split(separator: ",").contains { element in
            var tag = element.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}
