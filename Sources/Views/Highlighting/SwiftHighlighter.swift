/// A small Swift lexer for highlighting code blocks on the server.
///
/// Chosen over Debian's highlight.js (846 KB for 185 languages, run in every reader's browser on every view):
/// one language, rendered once per page at content load, costs readers nothing and works without JavaScript.
public enum SwiftHighlighter {
    /// The tokens of `source`; concatenating their texts gives back `source` exactly.
    public static func tokens(in source: String) -> [HighlightToken] {
        var lexer = SwiftLexer(Array(source.utf8))
        lexer.lexCode(insideInterpolation: false)
        lexer.flushPlain()
        return lexer.tokens
    }

    /// `source` as nodes for `<code>`: plain text, and `<span class="hl-…">` around highlighted tokens.
    ///
    /// Comments and strings holding Han characters get `lang="zh-Hans"`: the course's code comments are
    /// Simplified Chinese in every language, and the tag makes browsers pick Simplified glyph forms and fonts.
    static func nodes(_ source: String) -> [Node] {
        tokens(in: source).map { token in
            guard let kind = token.kind else {
                return .text(token.text)
            }
            let isChinese = (kind == .comment || kind == .string) && token.text.unicodeScalars.contains(where: isHan)
            return .span(.class(kind.cssClass), .when(isChinese, .lang("zh-Hans"))) { token.text }
        }
    }

    private static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        (0x4E00...0x9FFF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
    }
}

private struct SwiftLexer {
    let bytes: [UInt8]
    var index = 0
    var plainStart: Int?
    var tokens: [HighlightToken] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    mutating func lexCode(insideInterpolation: Bool) {
        var depth = 0
        while index < bytes.count {
            let current = bytes[index]
            let next = byte(at: index + 1)
            if insideInterpolation {
                if current == ascii("(") {
                    depth += 1
                } else if current == ascii(")") {
                    if depth == 0 { return }
                    depth -= 1
                }
            }
            if current == ascii("/") && next == ascii("/") {
                lexLineComment()
            } else if current == ascii("/") && next == ascii("*") {
                lexBlockComment()
            } else if current == ascii("\"") || (current == ascii("#") && startsRawString()) {
                lexString()
            } else if (current == ascii("@") || current == ascii("#")) && next.map(isIdentifierStart) == true {
                let start = index
                index += 1
                skipIdentifier()
                emit(current == ascii("@") ? .attribute : .directive, from: start)
            } else if isDigit(current) {
                lexNumber()
            } else if isIdentifierStart(current) {
                lexIdentifier()
            } else if current == ascii("`") {
                skipBacktickIdentifier()
            } else {
                markPlain()
                index += 1
            }
        }
    }

    private mutating func lexLineComment() {
        let start = index
        while index < bytes.count && bytes[index] != ascii("\n") {
            index += 1
        }
        emit(.comment, from: start)
    }

    private mutating func lexBlockComment() {
        let start = index
        var depth = 0
        while index < bytes.count {
            if bytes[index] == ascii("/") && byte(at: index + 1) == ascii("*") {
                depth += 1
                index += 2
            } else if bytes[index] == ascii("*") && byte(at: index + 1) == ascii("/") {
                depth -= 1
                index += 2
                if depth == 0 { break }
            } else {
                index += 1
            }
        }
        emit(.comment, from: start)
    }

    private func startsRawString() -> Bool {
        var offset = index
        while byte(at: offset) == ascii("#") {
            offset += 1
        }
        return byte(at: offset) == ascii("\"")
    }

    /// A string literal, single- or multi-line, raw (`#"…"#`) or not; interpolations are lexed as code.
    private mutating func lexString() {
        var start = index
        var hashes = 0
        while byte(at: index) == ascii("#") {
            hashes += 1
            index += 1
        }
        let multiline = byte(at: index + 1) == ascii("\"") && byte(at: index + 2) == ascii("\"")
        index += multiline ? 3 : 1
        while index < bytes.count {
            let current = bytes[index]
            if current == ascii("\"") && (!multiline || isTripleQuote(at: index))
                && hasHashes(hashes, at: index + (multiline ? 3 : 1))
            {
                index += (multiline ? 3 : 1) + hashes
                break
            }
            if current == ascii("\n") && !multiline {
                break
            }
            if current == ascii("\\") && hasHashes(hashes, at: index + 1) {
                let afterEscape = index + 1 + hashes
                if byte(at: afterEscape) == ascii("(") {
                    index = afterEscape + 1
                    emit(.string, from: start)
                    lexCode(insideInterpolation: true)
                    start = index
                    if index < bytes.count {
                        index += 1
                    }
                    continue
                }
                index = min(afterEscape + 1, bytes.count)
                continue
            }
            index += 1
        }
        emit(.string, from: start)
    }

    private func isTripleQuote(at offset: Int) -> Bool {
        byte(at: offset) == ascii("\"") && byte(at: offset + 1) == ascii("\"") && byte(at: offset + 2) == ascii("\"")
    }

    private func hasHashes(_ count: Int, at offset: Int) -> Bool {
        (0..<count).allSatisfy { byte(at: offset + $0) == ascii("#") }
    }

    private mutating func lexNumber() {
        let start = index
        if bytes[index] == ascii("0"), let prefix = byte(at: index + 1),
            prefix == ascii("x") || prefix == ascii("b") || prefix == ascii("o")
        {
            index += 2
            while let current = byte(at: index), isHexDigit(current) || current == ascii("_") {
                index += 1
            }
            emit(.number, from: start)
            return
        }
        skipDigits()
        if byte(at: index) == ascii("."), let after = byte(at: index + 1), isDigit(after) {
            index += 1
            skipDigits()
        }
        if let marker = byte(at: index), marker == ascii("e") || marker == ascii("E") {
            var offset = index + 1
            if let sign = byte(at: offset), sign == ascii("+") || sign == ascii("-") {
                offset += 1
            }
            if let digit = byte(at: offset), isDigit(digit) {
                index = offset
                skipDigits()
            }
        }
        emit(.number, from: start)
    }

    private mutating func skipDigits() {
        while let current = byte(at: index), isDigit(current) || current == ascii("_") {
            index += 1
        }
    }

    private mutating func lexIdentifier() {
        let start = index
        skipIdentifier()
        let word = String(decoding: bytes[start..<index], as: UTF8.self)
        if Self.keywords.contains(word) && byte(at: start - 1) != ascii(".") {
            emit(.keyword, from: start)
        } else if let first = word.utf8.first, (ascii("A")...ascii("Z")).contains(first) {
            emit(.type, from: start)
        } else {
            markPlain(from: start)
        }
    }

    private mutating func skipIdentifier() {
        while let current = byte(at: index), isIdentifierStart(current) || isDigit(current) {
            index += 1
        }
    }

    private mutating func skipBacktickIdentifier() {
        markPlain()
        index += 1
        while let current = byte(at: index), current != ascii("`"), current != ascii("\n") {
            index += 1
        }
        if byte(at: index) == ascii("`") {
            index += 1
        }
    }

    private mutating func markPlain(from start: Int? = nil) {
        if plainStart == nil {
            plainStart = start ?? index
        }
    }

    mutating func flushPlain(upTo end: Int? = nil) {
        guard let start = plainStart else { return }
        let stop = end ?? index
        if start < stop {
            tokens.append(HighlightToken(nil, String(decoding: bytes[start..<stop], as: UTF8.self)))
        }
        plainStart = nil
    }

    private mutating func emit(_ kind: HighlightToken.Kind, from start: Int) {
        flushPlain(upTo: start)
        if start < index {
            tokens.append(HighlightToken(kind, String(decoding: bytes[start..<index], as: UTF8.self)))
        }
    }

    private func isIdentifierStart(_ byte: UInt8) -> Bool {
        (ascii("a")...ascii("z")).contains(byte) || (ascii("A")...ascii("Z")).contains(byte) || byte == ascii("_")
            || byte == ascii("$") || byte >= 0x80
    }

    private func isDigit(_ byte: UInt8) -> Bool { (ascii("0")...ascii("9")).contains(byte) }

    private func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (ascii("a")...ascii("f")).contains(byte) || (ascii("A")...ascii("F")).contains(byte)
    }

    private func ascii(_ scalar: Unicode.Scalar) -> UInt8 { UInt8(ascii: scalar) }

    static let keywords: Set<String> = [
        "actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch", "class", "consuming",
        "continue", "convenience", "default", "defer", "deinit", "didSet", "do", "dynamic", "else", "enum",
        "extension", "fallthrough", "false", "fileprivate", "final", "for", "func", "get", "guard", "if", "import",
        "in", "indirect", "init", "inout", "internal", "is", "isolated", "lazy", "let", "mutating", "nil",
        "nonisolated", "open", "operator", "optional", "override", "package", "private", "protocol", "public",
        "repeat", "required", "rethrows", "return", "self", "Self", "set", "some", "static", "struct", "subscript",
        "super", "switch", "throw", "throws", "true", "try", "typealias", "unowned", "var", "weak", "where",
        "while", "willSet",
    ]
}
