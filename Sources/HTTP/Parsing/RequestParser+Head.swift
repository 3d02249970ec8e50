extension RequestParser {
    enum ScanResult {
        case incomplete
        case failed(HTTPError)
        case complete(Int)
    }

    /// How the body of a parsed head is framed.
    struct BodyFraming {
        enum Kind {
            case none
            case length(Int)
            case chunked
        }

        var kind: Kind
        var expectsContinue: Bool
    }

    /// Scans for the end of a header block, enforcing CRLF line endings and the size and count limits as
    /// bytes arrive (so an endless line is refused without waiting for its end). The request line is parsed
    /// as soon as it is complete, so HTTP/0.9, bad versions and unknown methods are refused at once.
    mutating func scanHead(_ scan: inout HeadScan) -> ScanResult {
        let limits = self.limits
        let start = self.start
        var parsedLine: RequestLine?
        defer { if let parsedLine { requestLine = parsedLine } }
        return buffer.withUnsafeBufferPointer { all -> ScanResult in
            let bytes = UnsafeBufferPointer(rebasing: all[start...])
            var index = scan.scanned
            while index < bytes.count {
                let byte = bytes[index]
                if byte == ASCII.lf {
                    guard index > scan.lineStart, bytes[index - 1] == ASCII.cr else {
                        return .failed(HTTPError(.badRequest, "bare LF in message head"))
                    }
                    let lineEnd = index - 1
                    if lineEnd == scan.lineStart {
                        if scan.lines > 0 {
                            guard index + 1 - scan.headerBlockStart <= limits.maxHeaderBytes else {
                                return .failed(HTTPError(.requestHeaderFieldsTooLarge, "header block too large"))
                            }
                            scan.scanned = index + 1
                            return .complete(index + 1)
                        }
                        scan.emptyLinesSkipped += 1
                        guard scan.emptyLinesSkipped <= 4 else {
                            return .failed(HTTPError(.badRequest, "empty lines before the request line"))
                        }
                        scan.lineStart = index + 1
                    } else if scan.lines == 0 {
                        let line = UnsafeBufferPointer(rebasing: bytes[scan.lineStart..<lineEnd])
                        guard line.count <= limits.maxRequestLineBytes else {
                            return .failed(HTTPError(.uriTooLong, "request line too long"))
                        }
                        do throws(HTTPError) {
                            parsedLine = try RequestLine(parsing: line)
                        } catch {
                            return .failed(error)
                        }
                        scan.lines = 1
                        scan.lineStart = index + 1
                        scan.headerBlockStart = index + 1
                    } else {
                        scan.lines += 1
                        guard scan.lines - 1 <= limits.maxHeaderCount else {
                            return .failed(HTTPError(.requestHeaderFieldsTooLarge, "too many header fields"))
                        }
                        scan.lineStart = index + 1
                    }
                } else if byte == ASCII.cr {
                    if index + 1 == bytes.count { break }
                    guard bytes[index + 1] == ASCII.lf else {
                        return .failed(HTTPError(.badRequest, "bare CR in message head"))
                    }
                }
                index += 1
            }
            scan.scanned = index
            if scan.lines == 0 {
                if index - scan.lineStart > limits.maxRequestLineBytes {
                    return .failed(HTTPError(.uriTooLong, "request line too long"))
                }
            } else if index - scan.headerBlockStart > limits.maxHeaderBytes {
                return .failed(HTTPError(.requestHeaderFieldsTooLarge, "header block too large"))
            }
            return .incomplete
        }
    }

    /// Parses the header lines of a complete head into `pending` and decides the body framing.
    mutating func makeRequest(scan: HeadScan, headLength: Int) -> Result<BodyFraming, HTTPError> {
        guard let line = requestLine.take() else {
            return .failure(HTTPError(.badRequest, "missing request line"))
        }
        let start = self.start
        var fields: [Headers.Field] = []
        fields.reserveCapacity(scan.lines - 1)
        var framing = FramingFields()
        let failure = buffer.withUnsafeBufferPointer { all -> HTTPError? in
            let block = UnsafeBufferPointer(rebasing: all[(start + scan.headerBlockStart)..<(start + headLength - 2)])
            var lineStart = 0
            while lineStart < block.count {
                var lineEnd = lineStart
                while block[lineEnd] != ASCII.lf { lineEnd += 1 }
                do throws(HTTPError) {
                    let line = UnsafeBufferPointer(rebasing: block[lineStart..<(lineEnd - 1)])
                    let (name, value) = try RequestParser.parseField(line)
                    try framing.observe(name: name, value: value)
                    fields.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
                } catch {
                    return error
                }
                lineStart = lineEnd + 1
            }
            return nil
        }
        if let failure { return .failure(failure) }
        let kind: BodyFraming.Kind
        do {
            kind = try framing.bodyKind(version: line.version, maxBodyBytes: limits.maxBodyBytes)
        } catch {
            return .failure(error)
        }
        pending = Request(
            method: line.method, target: line.target, headers: Headers(validatedFields: fields), body: [],
            version: line.version)
        if case .none = kind {
            return .success(BodyFraming(kind: kind, expectsContinue: false))
        }
        return .success(BodyFraming(kind: kind, expectsContinue: framing.expectsContinue && line.version == .http1_1))
    }

    /// Parses one `name: value` line (RFC 9112 §5): no whitespace before the colon, no obs-fold, value
    /// without control characters, surrounding whitespace removed. Returns the name and value bytes.
    static func parseField(
        _ line: UnsafeBufferPointer<UInt8>
    ) throws(HTTPError) -> (name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        guard let first = line.first, first != ASCII.space, first != ASCII.tab else {
            throw HTTPError(.badRequest, "obsolete line folding in header")
        }
        guard let colon = line.firstIndex(of: ASCII.colon) else {
            throw HTTPError(.badRequest, "header line without colon")
        }
        guard colon > 0, line[..<colon].allSatisfy(ASCII.isTokenCharacter) else {
            throw HTTPError(.badRequest, "invalid header name")
        }
        var valueStart = colon + 1
        var valueEnd = line.count
        while valueStart < valueEnd && (line[valueStart] == ASCII.space || line[valueStart] == ASCII.tab) {
            valueStart += 1
        }
        while valueEnd > valueStart && (line[valueEnd - 1] == ASCII.space || line[valueEnd - 1] == ASCII.tab) {
            valueEnd -= 1
        }
        let value = UnsafeBufferPointer(rebasing: line[valueStart..<valueEnd])
        guard value.allSatisfy(ASCII.isFieldValueCharacter) else {
            throw HTTPError(.badRequest, "invalid character in header value")
        }
        return (UnsafeBufferPointer(rebasing: line[..<colon]), value)
    }
}

/// A parsed request line: `method SP request-target SP HTTP-version` (RFC 9112 §3).
struct RequestLine: Sendable {
    var method: Method
    var target: RequestTarget
    var version: HTTPVersion

    /// - Throws: `HTTPError`: 400 for malformed lines (including HTTP/0.9), 505 for versions other than
    ///   1.0/1.1, 501 for methods the server does not implement.
    init(parsing line: UnsafeBufferPointer<UInt8>) throws(HTTPError) {
        guard let firstSpace = line.firstIndex(of: ASCII.space) else {
            throw HTTPError(.badRequest, "malformed request line")
        }
        guard let secondSpace = line[(firstSpace + 1)...].firstIndex(of: ASCII.space) else {
            throw HTTPError(.badRequest, "request line without HTTP version (HTTP/0.9 is not supported)")
        }
        let methodBytes = UnsafeBufferPointer(rebasing: line[..<firstSpace])
        guard !methodBytes.isEmpty, methodBytes.allSatisfy(ASCII.isTokenCharacter) else {
            throw HTTPError(.badRequest, "invalid method")
        }
        version = try RequestLine.parseVersion(UnsafeBufferPointer(rebasing: line[(secondSpace + 1)...]))
        guard let method = Method.supported(matching: methodBytes) else {
            throw HTTPError(.notImplemented, "method not implemented")
        }
        self.method = method
        target = try RequestTarget(
            parsing: UnsafeBufferPointer(rebasing: line[(firstSpace + 1)..<secondSpace]), method: method)
    }

    private static func parseVersion(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPError) -> HTTPVersion {
        guard bytes.count == 8, bytes[0] == UInt8(ascii: "H"), bytes[1] == UInt8(ascii: "T"),
            bytes[2] == UInt8(ascii: "T"),
            bytes[3] == UInt8(ascii: "P"), bytes[4] == UInt8(ascii: "/"), bytes[6] == UInt8(ascii: "."),
            (0x30...0x39).contains(bytes[5]), (0x30...0x39).contains(bytes[7])
        else {
            throw HTTPError(.badRequest, "malformed HTTP version")
        }
        let version = HTTPVersion(major: Int(bytes[5] - 0x30), minor: Int(bytes[7] - 0x30))
        guard version == .http1_1 || version == .http1_0 else {
            throw HTTPError(.httpVersionNotSupported, "only HTTP/1.0 and HTTP/1.1 are supported")
        }
        return version
    }
}
