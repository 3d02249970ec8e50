/// A document's bytes, checked as UTF-8 and split into numbered lines.
struct DocumentText {
    /// The lines without their terminators; `lines[0]` is line 1.
    let lines: [Substring]

    /// Decodes `bytes`, reporting an empty or blank document and the line of the first invalid UTF-8 byte.
    static func decode(_ bytes: [UInt8], file: String) -> Result<DocumentText, ContentError> {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else {
            let (line, column) = firstInvalidByte(body)
            return .failure(
                ContentError(file: file, line: line, message: "invalid UTF-8 at byte \(column) of the line")
            )
        }
        guard text.utf8.contains(where: { $0 != .space && $0 != .tab && $0 != 0x0A && $0 != 0x0D }) else {
            return .failure(
                ContentError(file: file, line: 1, message: "the document is empty; expected the course title")
            )
        }
        return .success(DocumentText(lines: splitLines(text)))
    }

    private static func splitLines(_ text: String) -> [Substring] {
        var text = text
        text.makeContiguousUTF8()
        let bytes = text.utf8
        let newlines: [Int] =
            bytes.withContiguousStorageIfAvailable { buffer in buffer.indices.filter { buffer[$0] == 0x0A } }
            ?? bytes.indices.enumerated().filter { bytes[$0.element] == 0x0A }.map(\.offset)
        var lines: [Substring] = []
        lines.reserveCapacity(newlines.count + 1)
        var start = 0
        for end in newlines + [bytes.count] where end > start || end < bytes.count {
            var last = end
            if last > start, bytes[bytes.index(bytes.startIndex, offsetBy: last - 1)] == 0x0D { last -= 1 }
            let lower = bytes.index(bytes.startIndex, offsetBy: start)
            lines.append(text[lower..<bytes.index(lower, offsetBy: last - start)])
            start = end + 1
        }
        return lines
    }

    /// The 1-based line and byte column of the first byte that is not valid UTF-8.
    private static func firstInvalidByte(_ bytes: ArraySlice<UInt8>) -> (line: Int, column: Int) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = bytes.startIndex
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput, .error: break loop
            }
        }
        let before = bytes[..<offset]
        let line = 1 + before.lazy.filter { $0 == 0x0A }.count
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? bytes.startIndex
        return (line, offset - lineStart + 1)
    }
}
