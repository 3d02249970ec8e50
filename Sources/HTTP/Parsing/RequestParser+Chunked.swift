extension RequestParser {
    /// Longest chunk-size line accepted, extensions included.
    static let maxChunkLineBytes = 4096

    /// Advances through a chunked body (RFC 9112 §7.1); trailer fields are validated and discarded.
    mutating func advanceChunked() -> ScanResult {
        while true {
            switch state {
            case .chunkSize:
                let available = buffer.count - start
                let searchEnd = start + min(available, RequestParser.maxChunkLineBytes + 2)
                guard let lineFeed = buffer[start..<searchEnd].firstIndex(of: ASCII.lf) else {
                    if available > RequestParser.maxChunkLineBytes {
                        return .failed(HTTPError(.badRequest, "chunk size line too long"))
                    }
                    return .incomplete
                }
                guard lineFeed > start, buffer[lineFeed - 1] == ASCII.cr else {
                    return .failed(HTTPError(.badRequest, "bare LF in chunk size line"))
                }
                let size: Int
                do {
                    size = try buffer.withUnsafeBufferPointer { all throws(HTTPError) in
                        try RequestParser.parseChunkSize(UnsafeBufferPointer(rebasing: all[start..<(lineFeed - 1)]))
                    }
                } catch {
                    return .failed(error)
                }
                start = lineFeed + 1
                if size == 0 {
                    state = .trailers(HeadScan(lines: 1))
                } else {
                    guard size <= limits.maxBodyBytes - body.count else {
                        return .failed(HTTPError(.contentTooLarge, "body larger than \(limits.maxBodyBytes) bytes"))
                    }
                    state = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                let count = min(buffer.count - start, remaining)
                guard count > 0 else { return .incomplete }
                body.append(contentsOf: buffer[start..<(start + count)])
                start += count
                guard count == remaining else {
                    state = .chunkData(remaining: remaining - count)
                    return .incomplete
                }
                state = .chunkDataEnd
            case .chunkDataEnd:
                let available = buffer.count - start
                if available >= 1 && buffer[start] != ASCII.cr || available >= 2 && buffer[start + 1] != ASCII.lf {
                    return .failed(HTTPError(.badRequest, "chunk data not followed by CRLF"))
                }
                guard available >= 2 else { return .incomplete }
                start += 2
                state = .chunkSize
            case .trailers(var scan):
                switch scanHead(&scan) {
                case .incomplete:
                    state = .trailers(scan)
                    return .incomplete
                case .failed(let error):
                    return .failed(error)
                case .complete(let length):
                    if let error = validateTrailers(length: length) { return .failed(error) }
                    start += length
                    return .complete(length)
                }
            case .head, .contentBody, .failed:
                return .failed(HTTPError(.internalServerError, "chunked parser in wrong state"))
            }
        }
    }

    private func validateTrailers(length: Int) -> HTTPError? {
        buffer.withUnsafeBufferPointer { all -> HTTPError? in
            let block = UnsafeBufferPointer(rebasing: all[start..<(start + length - 2)])
            var lineStart = 0
            while lineStart < block.count {
                var lineEnd = lineStart
                while block[lineEnd] != ASCII.lf { lineEnd += 1 }
                do throws(HTTPError) {
                    _ = try RequestParser.parseField(UnsafeBufferPointer(rebasing: block[lineStart..<(lineEnd - 1)]))
                } catch {
                    return error
                }
                lineStart = lineEnd + 1
            }
            return nil
        }
    }

    /// `chunk-size [ chunk-ext ]`: hexadecimal digits, then optionally whitespace and `;extensions`.
    static func parseChunkSize(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPError) -> Int {
        var index = 0
        var size = 0
        var significantDigits = 0
        while index < line.count, let digit = ASCII.hexValue(line[index]) {
            if size != 0 || digit != 0 { significantDigits += 1 }
            guard significantDigits <= 15 else { throw HTTPError(.contentTooLarge, "chunk size too large") }
            size = size << 4 | Int(digit)
            index += 1
        }
        guard index > 0 else { throw HTTPError(.badRequest, "invalid chunk size") }
        guard index < line.count else { return size }
        guard isValidChunkExtension(line, from: index) else {
            throw HTTPError(.badRequest, "invalid chunk size or extension")
        }
        return size
    }

    /// `*( BWS ";" BWS name [ BWS "=" BWS ( token / quoted-string ) ] )` (RFC 9112 §7.1.1), to the line's end.
    ///
    /// A quoted string must be closed: a proxy that reads `"` as opening one would find the chunk's end
    /// somewhere else than this parser does.
    static func isValidChunkExtension(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var index = start
        func skipWhiteSpace() {
            while index < line.count && (line[index] == ASCII.space || line[index] == ASCII.tab) { index += 1 }
        }
        func skipToken() -> Bool {
            let first = index
            while index < line.count && ASCII.isTokenCharacter(line[index]) { index += 1 }
            return index > first
        }
        skipWhiteSpace()
        guard index < line.count else { return false }
        while index < line.count {
            guard line[index] == UInt8(ascii: ";") else { return false }
            index += 1
            skipWhiteSpace()
            guard skipToken() else { return false }
            skipWhiteSpace()
            guard index < line.count, line[index] == UInt8(ascii: "=") else { continue }
            index += 1
            skipWhiteSpace()
            if index < line.count, line[index] == UInt8(ascii: "\"") {
                guard skipQuotedString(line, &index) else { return false }
            } else {
                guard skipToken() else { return false }
            }
            skipWhiteSpace()
        }
        return true
    }

    /// Moves `index` past a closed `quoted-string`; `false` when it is unterminated or holds a control character.
    private static func skipQuotedString(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        index += 1
        while index < line.count {
            let byte = line[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return true
            }
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard index < line.count, line[index] == ASCII.tab || line[index] >= 0x20, line[index] != 0x7F else {
                    return false
                }
            } else if byte != ASCII.tab && (byte < 0x20 || byte == 0x7F) {
                return false
            }
            index += 1
        }
        return false
    }
}
