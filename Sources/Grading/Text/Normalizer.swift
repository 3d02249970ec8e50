import Foundation

/// Turns text into tokens for one language: NFKC (which also folds full- and half-width forms), case folding
/// (Turkish-aware where the language asks), optional accent folding, Simplified → Traditional for Chinese,
/// punctuation and spacing dropped but remembered as clause and sentence boundaries.
///
/// Keys and answers go through the same normaliser, so whatever it folds matches both ways.
struct Normalizer: Sendable {
    let rules: TextRules
    let han: HanConverter?
    private var vocabulary: Vocabulary

    init(rules: TextRules, han: HanConverter?) {
        self.rules = rules
        self.han = han
        self.vocabulary = Vocabulary()
        var words: [(from: [Token], to: [Token])] = []
        for (from, to) in rules.vocabulary {
            let source = rawTokens(from)
            if !source.isEmpty { words.append((source, rawTokens(to))) }
        }
        self.vocabulary = Vocabulary(words)
    }

    func tokens(_ text: String) -> [Token] {
        vocabulary.apply(to: rawTokens(text))
    }

    private func rawTokens(_ text: String) -> [Token] {
        var builder = TokenBuilder()
        let scalars = Array(folded(text).unicodeScalars)
        var index = 0
        while index < scalars.count {
            let value = mapped(scalars[index].value)
            let scalar = scalars[index]
            defer { index += 1 }
            if value == 0 { continue }
            if CharacterClass.isHan(value) {
                builder.appendSingle(value, kind: .han)
            } else if CharacterClass.isKana(value) {
                builder.appendSingle(value, kind: .kana)
            } else if CharacterClass.isDigit(value) {
                builder.appendDigit(value)
            } else if value == 0x2E, builder.inNumber, index + 1 < scalars.count,
                CharacterClass.isDigit(scalars[index + 1].value)
            {
                builder.appendDecimalPoint()
            } else if LatinFolding.isCombiningMark(value) {
                if !rules.foldDiacritics { builder.appendLetter(value) }
            } else if scalar.properties.isAlphabetic {
                builder.appendLetter(value)
            } else if CharacterClass.isSentenceEnd(value) {
                let nextIsWordCharacter =
                    index + 1 < scalars.count && value == 0x2E
                    && CharacterClass.isWordCharacter(scalars[index + 1])
                if nextIsWordCharacter {
                    builder.separate()  // hinge.angle, .split: a joiner, not the end of a sentence
                } else {
                    builder.endSentence(question: value == 0x3F || value == 0xFF1F)
                }
            } else if CharacterClass.isClauseBreak(value) {
                builder.endClause()
            } else {
                builder.separate()
            }
        }
        return builder.finish()
    }

    /// NFKC, then case folding by the language's rule.
    private func folded(_ text: String) -> String {
        let compatible = text.precomposedStringWithCompatibilityMapping
        switch rules.caseFolding {
        case .standard:
            return compatible.lowercased()
        case .turkish:
            var view = String.UnicodeScalarView()
            for scalar in compatible.unicodeScalars {
                switch scalar.value {
                case 0x130: view.append("i")
                case 0x49: view.append("\u{131}")
                default: view.append(scalar)
                }
            }
            return String(view).lowercased()
        }
    }

    /// Accent folding, Simplified → Traditional and variant folding of one scalar; 0 drops it.
    private func mapped(_ value: UInt32) -> UInt32 {
        var result = value
        if rules.foldDiacritics { result = LatinFolding.fold(result) }
        if let han, CharacterClass.isHan(result) { result = han.convert(result) }
        if let variant = rules.variants[result] { result = variant }
        return result
    }
}

/// Whole-word replacements on token sequences, longest first.
private struct Vocabulary: Sendable {
    private var words: [(from: [Token], to: [Token])] = []
    private var byHead: [UInt32: [Int]] = [:]

    init(_ words: [(from: [Token], to: [Token])] = []) {
        self.words = words.sorted { $0.from.count > $1.from.count }
        for (index, word) in self.words.enumerated() {
            if let head = word.from.first?.head { byHead[head, default: []].append(index) }
        }
    }

    func apply(to tokens: [Token]) -> [Token] {
        guard !words.isEmpty else { return tokens }
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            let replacement = byHead[token.head]?.lazy.map { self.words[$0] }.first { word in
                index + word.from.count <= tokens.count
                    && zip(word.from, tokens[index...]).allSatisfy { $0.text == $1.text }
                    && tokens[index + word.from.count - 1].sentence == token.sentence
            }
            guard let replacement else {
                result.append(token)
                index += 1
                continue
            }
            for new in replacement.to {
                var replaced = Token(
                    text: new.text, kind: new.kind, sentence: token.sentence,
                    punctuationClause: token.punctuationClause, head: new.head)
                replaced.inQuestion = token.inQuestion
                result.append(replaced)
            }
            index += replacement.from.count
        }
        return result
    }
}

/// Unicode ranges the tokenizer cares about.
enum CharacterClass {
    static func isHan(_ value: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
            || (0xF900...0xFAFF).contains(value) || value == 0x3005 || value == 0x3007
    }

    static func isKana(_ value: UInt32) -> Bool {
        ((0x3041...0x30FF).contains(value) && value != 0x30FB && value != 0x30A0)
            || (0x31F0...0x31FF).contains(value)
    }

    static func isDigit(_ value: UInt32) -> Bool {
        (0x30...0x39).contains(value)
    }

    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar.value) || (scalar.properties.isAlphabetic && !isHan(scalar.value) && !isKana(scalar.value))
    }

    /// `.` `!` `?` `;` `。` `！` `？` `；` and line breaks end a sentence.
    static func isSentenceEnd(_ value: UInt32) -> Bool {
        switch value {
        case 0x2E, 0x21, 0x3F, 0x3B, 0x0A, 0x0D, 0x3002, 0xFF61, 0xFF01, 0xFF1F, 0xFF1B, 0x2029: true
        default: false
        }
    }

    /// `,` `:` `、` `，` `：` brackets and dashes end a clause; quotes and hyphens do not.
    static func isClauseBreak(_ value: UInt32) -> Bool {
        switch value {
        case 0x2C, 0x3A, 0x28, 0x29, 0x5B, 0x5D, 0x3001, 0xFF0C, 0xFF1A, 0xFF64, 0x2013, 0x2014, 0xFF08, 0xFF09,
            0x3010, 0x3011:
            true
        default: false
        }
    }
}

/// Accumulates scalars into tokens while tracking sentence and clause numbers.
private struct TokenBuilder {
    private(set) var tokens: [Token] = []
    private var current = String.UnicodeScalarView()
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

    private mutating func append(_ value: UInt32) {
        guard let scalar = Unicode.Scalar(value) else { return }
        if current.isEmpty { currentHead = value }
        current.append(scalar)
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
        let text = String(current)
        let kind: Token.Kind = currentIsNumber ? .number(Double(text) ?? 0) : .word
        tokens.append(Token(text: text, kind: kind, sentence: sentence, punctuationClause: clause, head: currentHead))
        current = String.UnicodeScalarView()
        currentIsNumber = false
    }
}
