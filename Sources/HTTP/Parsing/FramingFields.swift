/// The header fields that decide how a request body is framed (RFC 9112 §6), collected while parsing.
///
/// Ambiguous framing is what request smuggling exploits, so every doubtful combination is refused:
/// conflicting `Content-Length` values, `Transfer-Encoding` together with `Content-Length`,
/// `Transfer-Encoding` in HTTP/1.0, and any coding list that does not end in a single `chunked`.
struct FramingFields {
    private var contentLength: Int?
    private var contentLengthTooLarge = false
    private var transferCodings: [String] = []
    private var hasTransferEncoding = false
    private var hostCount = 0
    private(set) var expectsContinue = false
    private var hasOtherExpectation = false

    /// Largest `Content-Length` accepted as a number; longer values are simply too large.
    private static let maxDigits = 18

    /// Notes a validated field given as raw bytes (names compared case-insensitively).
    mutating func observe(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) throws(HTTPError) {
        switch name.count {
        case 4 where ASCII.equalsIgnoringCase(name, "host"):
            hostCount += 1
            guard !value.contains(where: { $0 == ASCII.space || $0 == ASCII.tab }) else {
                throw HTTPError(.badRequest, "invalid Host header")
            }
        case 6 where ASCII.equalsIgnoringCase(name, "expect"):
            if ASCII.equalsIgnoringCase(value, "100-continue") {
                expectsContinue = true
            } else {
                hasOtherExpectation = true
            }
        case 14 where ASCII.equalsIgnoringCase(name, "content-length"):
            try observeContentLength(value)
        case 17 where ASCII.equalsIgnoringCase(name, "transfer-encoding"):
            hasTransferEncoding = true
            for element in value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                let coding = ASCII.trimmed(element)
                guard !coding.isEmpty else { throw HTTPError(.badRequest, "empty transfer coding") }
                transferCodings.append(String(decoding: coding.map(ASCII.lowercased), as: UTF8.self))
            }
        default:
            break
        }
    }

    private mutating func observeContentLength(_ value: UnsafeBufferPointer<UInt8>) throws(HTTPError) {
        for element in value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            let digits = ASCII.trimmed(element)
            guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                throw HTTPError(.badRequest, "invalid Content-Length")
            }
            let significant = digits.drop { $0 == 0x30 }
            let length: Int
            if significant.count > FramingFields.maxDigits {
                length = .max
            } else {
                length = significant.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            }
            if let contentLength, contentLength != length {
                throw HTTPError(.badRequest, "conflicting Content-Length values")
            }
            contentLength = length
            if length == .max { contentLengthTooLarge = true }
        }
    }

    /// The framing of the body once every field has been seen.
    ///
    /// - Throws: `HTTPError`: 400 for missing/repeated `Host` or ambiguous framing, 501 for unsupported
    ///   transfer codings, 417 for expectations other than `100-continue`, 413 for a declared length over
    ///   the limit (before any body byte is read).
    func bodyKind(version: HTTPVersion, maxBodyBytes: Int) throws(HTTPError) -> RequestParser.BodyFraming.Kind {
        if hostCount > 1 || (version == .http1_1 && hostCount == 0) {
            throw HTTPError(.badRequest, "exactly one Host header is required")
        }
        if hasOtherExpectation && version == .http1_1 {
            throw HTTPError(.expectationFailed, "only 100-continue is supported")
        }
        if hasTransferEncoding {
            guard version == .http1_1 else { throw HTTPError(.badRequest, "Transfer-Encoding in HTTP/1.0") }
            guard contentLength == nil else {
                throw HTTPError(.badRequest, "both Transfer-Encoding and Content-Length")
            }
            let chunkedCount = transferCodings.count { $0 == "chunked" }
            guard transferCodings.last == "chunked", chunkedCount == 1 else {
                throw HTTPError(.badRequest, "Transfer-Encoding must end with a single chunked")
            }
            guard transferCodings.count == 1 else {
                throw HTTPError(.notImplemented, "transfer codings other than chunked are not supported")
            }
            return .chunked
        }
        guard let contentLength, contentLength > 0 else { return .none }
        if contentLengthTooLarge || contentLength > maxBodyBytes {
            throw HTTPError(.contentTooLarge, "body larger than \(maxBodyBytes) bytes")
        }
        return .length(contentLength)
    }
}
