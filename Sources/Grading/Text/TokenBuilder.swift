/// Accumulates scalars into tokens while tracking sentence and clause numbers.
struct TokenBuilder {
    private(set) var tokens: [Token] = []
    private var current: [UInt8] = []
    private var currentHead: UInt32 = 0
    private var currentIsNumber = false
    private var sentence = 0
    private var clause = 0
    private var pendingBoundary = false

    var inNumber: Bool { currentIsNumber && !current.isEmpty }

    mutating func appendLetter(_ value: UInt32) {
        if currentIsNumber { flush() }
        append(value)
    }

    mutating func appendDigit(_ value: UInt32) {
        if !currentIsNumber { flush() }
        currentIsNumber = true
        append(value)
    }

    mutating func appendDecimalPoint() {
        append(0x2E)
    }

    mutating func appendSingle(_ value: UInt32, kind: Token.Kind) {
        flush()
        guard let scalar = Unicode.Scalar(value) else { return }
        beginToken()
        tokens.append(
            Token(
                text: String(Character(scalar)), kind: kind, sentence: sentence, punctuationClause: clause,
                head: value))
    }

    mutating func separate() {
        flush()
    }

    mutating func endClause() {
        flush()
        pendingBoundary = true
    }

    mutating func endSentence(question: Bool = false) {
        flush()
        if let last = tokens.last, last.sentence == sentence {
            if question {
                var index = tokens.count - 1
                while index >= 0, tokens[index].sentence == sentence {
                    tokens[index].inQuestion = true
                    index -= 1
                }
            }
            sentence += 1
        }
        pendingBoundary = true
    }

    mutating func finish() -> [Token] {
        flush()
        return tokens
    }

    /// Appends the UTF-8 bytes of one scalar.
    private mutating func append(_ value: UInt32) {
        if current.isEmpty { currentHead = value }
        switch value {
        case ..<0x80:
            current.append(UInt8(value))
        case ..<0x800:
            current.append(UInt8(0xC0 | (value >> 6)))
            current.append(UInt8(0x80 | (value & 0x3F)))
        case ..<0x10000:
            current.append(UInt8(0xE0 | (value >> 12)))
            current.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            current.append(UInt8(0x80 | (value & 0x3F)))
        default:
            current.append(UInt8(0xF0 | (value >> 18)))
            current.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
            current.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            current.append(UInt8(0x80 | (value & 0x3F)))
        }
    }

    private mutating func beginToken() {
        if pendingBoundary {
            if !tokens.isEmpty { clause += 1 }
            pendingBoundary = false
        }
    }

    private mutating func flush() {
        guard !current.isEmpty else {
            currentIsNumber = false
            return
        }
        beginToken()
        let text = String(decoding: current, as: UTF8.self)
        let kind: Token.Kind = currentIsNumber ? .number(Double(text) ?? 0) : .word
        tokens.append(Token(text: text, kind: kind, sentence: sentence, punctuationClause: clause, head: currentHead))
        current.removeAll(keepingCapacity: true)
        currentIsNumber = false
    }
}
