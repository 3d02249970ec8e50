/// A validated request-target (RFC 9112 §3.2): raw text, decoded path and query items.
///
/// The path is percent-decoded once here so routing and file lookup see the same string. Encoded slashes,
/// NUL and other control bytes, invalid UTF-8 and `.`/`..` segments (encoded or not) are rejected with 400,
/// which makes traversal impossible to express.
struct RequestTarget: Sendable {
    var raw: String
    var path: String
    var queryItems: [QueryItem]

    /// - Throws: `HTTPError` (400) for any invalid target.
    init(parsing bytes: UnsafeBufferPointer<UInt8>, method: Method) throws(HTTPError) {
        guard !bytes.isEmpty else { throw HTTPError(.badRequest, "empty request target") }
        var hasNonASCII = false
        for byte in bytes {
            if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "#") {
                throw HTTPError(.badRequest, "invalid character in request target")
            }
            if byte >= 0x80 { hasNonASCII = true }
        }
        if hasNonASCII {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw HTTPError(.badRequest, "request target is not UTF-8")
            }
            raw = text
        } else {
            raw = String(decoding: bytes, as: UTF8.self)
        }

        if bytes.count == 1 && bytes[0] == UInt8(ascii: "*") {
            guard method == .options else { throw HTTPError(.badRequest, "asterisk target is only for OPTIONS") }
            path = "*"
            queryItems = []
            return
        }
        let pathStart: Int
        if bytes[0] == UInt8(ascii: "/") {
            pathStart = 0
        } else if let authorityEnd = RequestTarget.absoluteFormAuthorityEnd(bytes) {
            pathStart = authorityEnd
        } else {
            throw HTTPError(.badRequest, "unsupported request target form")
        }
        let queryStart = bytes[pathStart...].firstIndex(of: UInt8(ascii: "?"))
        let pathEnd = queryStart ?? bytes.count
        if pathStart == pathEnd {
            path = "/"
        } else {
            path = try RequestTarget.decodePath(UnsafeBufferPointer(rebasing: bytes[pathStart..<pathEnd]))
        }
        if let queryStart {
            queryItems = try RequestTarget.decodeQuery(UnsafeBufferPointer(rebasing: bytes[(queryStart + 1)...]))
        } else {
            queryItems = []
        }
    }

    /// For `http://host/...` or `https://host/...`, the index where the path (or query) starts.
    private static func absoluteFormAuthorityEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let lowered = bytes.prefix(8).map(ASCII.lowercased)
        let schemeLength: Int
        if lowered.starts(with: "http://".utf8) {
            schemeLength = 7
        } else if lowered.starts(with: "https://".utf8) {
            schemeLength = 8
        } else {
            return nil
        }
        let rest = bytes[schemeLength...]
        let end = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? bytes.count
        return end > schemeLength ? end : nil
    }

    /// Decodes a path that starts with `/`.
    static func decodePath(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPError) -> String {
        guard bytes.contains(UInt8(ascii: "%")) else {
            try rejectDotSegments(bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let value = try percentDecoded(bytes, at: index)
                if value == UInt8(ascii: "/") { throw HTTPError(.badRequest, "encoded slash in path") }
                if value < 0x20 || value == 0x7F { throw HTTPError(.badRequest, "control character in path") }
                decoded.append(value)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        return try decoded.withUnsafeBufferPointer { decodedBytes throws(HTTPError) in
            try rejectDotSegments(decodedBytes)
            guard let text = String(validating: decodedBytes, as: UTF8.self) else {
                throw HTTPError(.badRequest, "path is not UTF-8")
            }
            return text
        }
    }

    /// Splits `a=1&b=two+words` into ordered items.
    static func decodeQuery(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPError) -> [QueryItem] {
        var items: [QueryItem] = []
        for piece in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = piece.firstIndex(of: UInt8(ascii: "="))
            let name = try decodeQueryComponent(piece[..<(equals ?? piece.endIndex)])
            let value = try equals.map { index throws(HTTPError) in try decodeQueryComponent(piece[(index + 1)...]) }
            items.append(QueryItem(name: name, value: value ?? ""))
        }
        return items
    }

    private static func decodeQueryComponent(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPError) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "+"):
                decoded.append(ASCII.space)
                index += 1
            case UInt8(ascii: "%"):
                let value = try percentDecoded(UnsafeBufferPointer(rebasing: bytes), at: index - bytes.startIndex)
                if value == 0 { throw HTTPError(.badRequest, "NUL in query") }
                decoded.append(value)
                index += 3
            default:
                decoded.append(byte)
                index += 1
            }
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw HTTPError(.badRequest, "query is not UTF-8")
        }
        return text
    }

    private static func percentDecoded(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) throws(HTTPError) -> UInt8 {
        guard index + 2 < bytes.count, let high = ASCII.hexValue(bytes[index + 1]),
            let low = ASCII.hexValue(bytes[index + 2])
        else { throw HTTPError(.badRequest, "invalid percent-encoding") }
        return high << 4 | low
    }

    private static func rejectDotSegments(_ path: UnsafeBufferPointer<UInt8>) throws(HTTPError) {
        var segmentStart = 0
        var dots = 0
        for index in 0...path.count {
            let byte = index < path.count ? path[index] : UInt8(ascii: "/")
            if byte == UInt8(ascii: "/") {
                if (dots == 1 || dots == 2) && index - segmentStart == dots {
                    throw HTTPError(.badRequest, "dot segment in path")
                }
                segmentStart = index + 1
                dots = 0
            } else if byte == UInt8(ascii: ".") {
                dots += 1
            }
        }
    }
}
