/// Byte-level lexing helpers for the code classifier: string literals, comments, identifiers, operators.
enum SwiftLexeme {
    struct Stripped {
        /// The line with string literal contents and any trailing `//` comment removed.
        var code: [UInt8]
        var hasComment: Bool
        var unterminatedString: Bool
    }

    /// Removes the contents of `"…"` literals (keeping the quotes) and a `//` comment that starts the line or
    /// follows a space, so `Toggle("提醒", isOn: $x) // 注释` leaves `Toggle("", isOn: $x)`.
    static func strip(_ bytes: [UInt8]) -> Stripped {
        var code: [UInt8] = []
        code.reserveCapacity(bytes.count)
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == .backslash {
                    index += 2
                    continue
                }
                if byte == .quote {
                    inString = false
                    code.append(byte)
                }
                index += 1
                continue
            }
            if byte == .quote {
                inString = true
                code.append(byte)
            } else if byte == .slash, index + 1 < bytes.count, bytes[index + 1] == .slash,
                index == 0 || bytes[index - 1] == .space || bytes[index - 1] == .tab
            {
                return Stripped(code: code, hasComment: true, unterminatedString: false)
            } else {
                code.append(byte)
            }
            index += 1
        }
        return Stripped(code: code, hasComment: false, unterminatedString: inString)
    }

    /// The identifier the line starts with, if any.
    static func leadingIdentifier(_ code: [UInt8]) -> ArraySlice<UInt8>? {
        guard let first = code.first, first.isIdentifierStart else { return nil }
        var end = 1
        while end < code.count, code[end].isIdentifierByte { end += 1 }
        return code[0..<end]
    }

    private static let spacedOperators: [[UInt8]] = [
        "=", "==", "!=", "->", "&&", "||", "+=", "-=", "<", ">", "<=", ">=",
        "??", "===", "...", "..<", "*", "/", "+", "-", "%",
    ].map { Array($0.utf8) }

    /// Whether an operator surrounded by spaces starts at `index` (` == `, ` && `, ` -> `…).
    static func isSpacedOperator(_ code: [UInt8], at index: Int) -> Bool {
        guard index < code.count else { return false }
        for symbol in spacedOperators {
            let end = index + symbol.count
            if end < code.count, code[end] == .space, code[index..<end].elementsEqual(symbol) { return true }
        }
        return false
    }

    /// Whether a sentence ends inside the text: `.`, `!`, `?` or `;` then spaces then a capital letter.
    static func hasSentenceBoundary(_ code: [UInt8]) -> Bool {
        var index = 0
        while index < code.count {
            let byte = code[index]
            if byte == .dot || byte == .exclamation || byte == .question || byte == .semicolon {
                var next = index + 1
                var spaces = 0
                while next < code.count, code[next] == .space {
                    next += 1
                    spaces += 1
                }
                if spaces > 0, next < code.count, code[next] >= UInt8(ascii: "A"), code[next] <= UInt8(ascii: "Z") {
                    return true
                }
            }
            index += 1
        }
        return false
    }

    /// The change of bracket depth over a code line, string literals and comments excluded.
    static func bracketBalance(_ line: Substring) -> Int {
        var balance = 0
        let bytes = line.utf8.withContiguousStorageIfAvailable(Array.init) ?? Array(line.utf8)
        for byte in strip(bytes).code {
            switch byte {
            case .openParen, .openBracket, .openBrace: balance += 1
            case .closeParen, .closeBracket, .closeBrace: balance -= 1
            default: break
            }
        }
        return balance
    }
}

/// The plain words of a line (letters only, not Swift keywords) and the longest run of them separated by
/// nothing but spaces: `Esempio che si rompe` is a run of four, `struct Root: View {` has none longer than one.
struct WordRuns {
    private(set) var count = 0
    private(set) var longestRun = 0
    private(set) var isLoneLowercaseIdentifier = false

    init(_ code: [UInt8]) {
        var run = 0
        var tokens = 0
        var index = 0
        while index < code.count {
            let byte = code[index]
            if byte == .space || byte == .tab {
                index += 1
                continue
            }
            tokens += 1
            guard byte.isIdentifierStart else {
                run = 0
                index += 1
                continue
            }
            var end = index + 1
            var lettersOnly = byte != .underscore
            while end < code.count,
                code[end].isIdentifierByte
                    || (code[end] == .apostrophe && end + 1 < code.count && code[end + 1].isLetter)
            {
                if !code[end].isLetter && code[end] != .apostrophe { lettersOnly = false }
                end += 1
            }
            if lettersOnly && !CodeClassifier.isKeyword(code[index..<end]) {
                count += 1
                run += 1
                longestRun = max(longestRun, run)
            } else {
                run = 0
            }
            if tokens == 1 && end == code.count && byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") {
                isLoneLowercaseIdentifier = true
            }
            index = end
        }
        if tokens != 1 { isLoneLowercaseIdentifier = false }
    }
}

extension UInt8 {
    static let tab = UInt8(ascii: "\t")
    static let space = UInt8(ascii: " ")
    static let exclamation = UInt8(ascii: "!")
    static let quote = UInt8(ascii: "\"")
    static let dollar = UInt8(ascii: "$")
    static let apostrophe = UInt8(ascii: "'")
    static let openParen = UInt8(ascii: "(")
    static let closeParen = UInt8(ascii: ")")
    static let comma = UInt8(ascii: ",")
    static let dot = UInt8(ascii: ".")
    static let slash = UInt8(ascii: "/")
    static let colon = UInt8(ascii: ":")
    static let semicolon = UInt8(ascii: ";")
    static let question = UInt8(ascii: "?")
    static let openBracket = UInt8(ascii: "[")
    static let backslash = UInt8(ascii: "\\")
    static let closeBracket = UInt8(ascii: "]")
    static let underscore = UInt8(ascii: "_")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")

    var isLetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
    var isIdentifierStart: Bool { isLetter || self == .underscore }
    var isIdentifierByte: Bool { isIdentifierStart || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) }
}
