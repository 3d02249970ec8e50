/// What one line's own text says about whether it is Swift code.
enum LineEvidence: Equatable, Sendable {
    /// Reads as Swift: indentation, brackets, calls, operators, a `//` comment.
    case code
    /// A lone lower-case identifier such as `content`: code unless its neighbours are prose.
    case weakCode
    /// Too little to tell (`API`, `Confronto`): code only beside code.
    case neutral
    /// Reads as a sentence or a heading.
    case prose
}

/// Scores a line for Swift syntax against natural-language signals, without looking at other documents.
///
/// String literals and `//` comments are removed first (they hold Chinese text in every language); what is
/// left of a code line is ASCII with brackets, calls, member access and operators, while prose has runs of
/// plain words, sentence punctuation or non-ASCII letters. Lines the score cannot decide are settled by
/// their neighbours in `CodeClassifier.resolve(_:)`.
enum CodeClassifier {
    static func evidence(_ line: Substring) -> LineEvidence {
        let bytes = line.utf8.withContiguousStorageIfAvailable(Array.init) ?? Array(line.utf8)
        guard let first = bytes.first else { return .neutral }
        if first == .space || first == .tab { return .code }
        let stripped = SwiftLexeme.strip(bytes)
        var code = stripped.code
        while let last = code.last, last == .space || last == .tab { code.removeLast() }
        if stripped.hasComment && code.isEmpty { return .code }
        if stripped.unterminatedString || code.contains(where: { $0 >= 0x80 }) { return .prose }
        guard !code.isEmpty else { return .neutral }
        let words = WordRuns(code)
        let signals = codeSignals(code, hasComment: stripped.hasComment)
        let score = signals - proseSignals(code, words: words)
        if score >= 2 { return .code }
        if signals == 0 && words.count >= 2 { return .prose }
        if score < 0 { return .prose }
        if words.isLoneLowercaseIdentifier { return .weakCode }
        return .neutral
    }

    /// Settles each line of a run (consecutive non-blank lines) as code or not.
    ///
    /// Strong evidence stands; weak and neutral lines follow the nearest decided neighbour, so `content`
    /// above `    .safeAreaPadding(.horizontal)` is code while a lone `API` sub-heading is not.
    static func resolve(_ evidence: [LineEvidence]) -> [Bool] {
        // The nearest decided line before and after each line, found in two linear passes.
        var before = [LineEvidence?](repeating: nil, count: evidence.count)
        var after = before
        var last: LineEvidence?
        for index in evidence.indices {
            before[index] = last
            if evidence[index] == .code || evidence[index] == .prose { last = evidence[index] }
        }
        last = nil
        for index in evidence.indices.reversed() {
            after[index] = last
            if evidence[index] == .code || evidence[index] == .prose { last = evidence[index] }
        }
        return evidence.indices.map { index in
            switch (evidence[index], before[index], after[index]) {
            case (.code, _, _): true
            case (.prose, _, _): false
            case (_, .code, _), (_, _, .code): true
            case (let own, nil, nil): own == .weakCode
            default: false
            }
        }
    }

    private static let keywords: Set<String> = [
        "let", "var", "func", "struct", "enum", "class", "final", "override", "private", "fileprivate", "public",
        "internal", "static", "if", "else", "guard", "return", "switch", "case", "default", "for", "while", "import",
        "extension", "protocol", "init", "some", "self", "Self", "try", "await", "do", "catch", "throw", "defer",
        "lazy", "weak", "nonisolated", "typealias", "actor", "in", "where", "async", "mutating", "super", "nil",
        "true", "false", "repeat", "break", "continue",
    ]

    static func isKeyword(_ word: ArraySlice<UInt8>) -> Bool {
        keywords.contains(String(decoding: word, as: UTF8.self))
    }

    private static func codeSignals(_ code: [UInt8], hasComment: Bool) -> Int {
        var score = hasComment ? 2 : 0
        let first = code[0]
        let last = code[code.count - 1]
        if let word = SwiftLexeme.leadingIdentifier(code), isKeyword(word) { score += 2 }
        if Array("}])@#.?:|&+-*/=<>\\".utf8).contains(first) { score += 2 }
        if Array("{}()[],".utf8).contains(last) { score += 2 }
        if code.contains(.openBrace) || code.contains(.closeBrace) { score += 1 }
        if code.contains(.openBrace) && code.suffix(3).elementsEqual(" in".utf8) { score += 1 }
        var operators = 0
        var hasCall = false
        var hasMember = false
        var hasSigil = false
        for index in code.indices {
            let byte = code[index]
            let previous: UInt8 = index > 0 ? code[index - 1] : .space
            let next: UInt8 = index + 1 < code.count ? code[index + 1] : .space
            switch byte {
            case .openParen where previous.isIdentifierByte || previous == .closeParen:
                hasCall = true
            case .dot where next.isIdentifierStart && next != .apostrophe:
                if previous.isIdentifierByte || previous == .closeParen || previous == .closeBracket
                    || previous == .question || previous == .exclamation || previous == .space
                    || previous == .openParen || previous == .openBracket || previous == .comma
                    || previous == .colon || index == 0
                {
                    hasMember = true
                }
            case .dollar, .backslash:
                hasSigil = true
            case .space where SwiftLexeme.isSpacedOperator(code, at: index + 1):
                operators += 1
            default:
                break
            }
        }
        score += (hasCall ? 1 : 0) + (hasMember ? 1 : 0) + (hasSigil ? 1 : 0) + min(operators, 2)
        return score
    }

    private static func proseSignals(_ code: [UInt8], words: WordRuns) -> Int {
        var score = 0
        if words.longestRun >= 3 { score += words.longestRun - 2 }
        let last = code[code.count - 1]
        if last == .dot && !code.suffix(3).elementsEqual("...".utf8) { score += 3 }
        if last == .colon && words.count >= 2 { score += 3 }
        if (last == .question || last == .exclamation) && words.longestRun >= 2 { score += 2 }
        if SwiftLexeme.hasSentenceBoundary(code) { score += 2 }
        return score
    }
}
