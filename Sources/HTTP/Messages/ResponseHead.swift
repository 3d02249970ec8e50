/// Serialization of a status line and header block (RFC 9112 §4, §5), shared by every response path.
enum ResponseHead {
    /// The status line and header lines, ending with `Content-Length` (when the status allows content) but
    /// without `Date`, `Connection` and the terminating blank line, which are added per write.
    static func bytes(status: Status, headers: Headers, bodyCount: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160 + headers.count * 40)
        out.append(contentsOf: "HTTP/1.1 ".utf8)
        out.append(contentsOf: String(status.code).utf8)
        out.append(ASCII.space)
        out.append(contentsOf: status.reasonPhrase.utf8)
        out.append(contentsOf: crlf)
        var hasContentType = false
        for (name, value) in headers where !isFramingHeader(name) {
            if Headers.namesEqual(name, "Content-Type") { hasContentType = true }
            out.append(contentsOf: name.utf8)
            out.append(contentsOf: ": ".utf8)
            out.append(contentsOf: value.utf8)
            out.append(contentsOf: crlf)
        }
        if status.allowsBody {
            if !hasContentType {
                out.append(contentsOf: "Content-Type: ".utf8)
                out.append(contentsOf: (bodyCount == 0 ? "text/plain; charset=utf-8" : "application/octet-stream").utf8)
                out.append(contentsOf: crlf)
            }
            out.append(contentsOf: "Content-Length: ".utf8)
            out.append(contentsOf: String(bodyCount).utf8)
            out.append(contentsOf: crlf)
        }
        return out
    }

    /// `HTTP/1.1 100 Continue` and its blank line.
    static let continueLine = ByteChunk(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))

    private static let crlf: [UInt8] = [ASCII.cr, ASCII.lf]

    /// Headers the server owns because they frame the message or describe the connection.
    private static func isFramingHeader(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: Headers.namesEqual(name, "Date")
        case 10: Headers.namesEqual(name, "Connection") || Headers.namesEqual(name, "Keep-Alive")
        case 14: Headers.namesEqual(name, "Content-Length")
        case 17: Headers.namesEqual(name, "Transfer-Encoding")
        default: false
        }
    }
}
