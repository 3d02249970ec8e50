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
        var lines: [Substring] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            if bytes[index] == 0x0A {
                lines.append(line(text, start, index))
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if start < bytes.endIndex { lines.append(line(text, start, bytes.endIndex)) }
        return lines
    }

    private static func line(_ text: String, _ start: String.Index, _ end: String.Index) -> Substring {
        var end = end
        if end > start, text.utf8[text.utf8.index(before: end)] == 0x0D { end = text.utf8.index(before: end) }
        return text[start..<end]
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
