/// A phrase from a key file, compiled against its language's normaliser.
///
/// Syntax, kept small so key files stay readable:
/// - words are matched whole; a trailing `*` makes a word a stem (`interfacc*` matches `interfaccia`, `interfacce`);
/// - `…` (or `...`) allows a few other words (or, in Chinese and Japanese, characters) in between;
/// - a phrase never spans punctuation that ends a clause or sentence;
/// - a leading `!` means the phrase counts only when negated (`!uguali` is satisfied by "non sono uguali"),
///   a leading `~` that it counts whether negated or not; otherwise it counts only when not negated;
/// - a leading `=` means the phrase must be a whole clause (`=no sé` is "I don't know", not "no se puede");
/// - with `verbStems`, a final dictionary-form verb (`入る`, `対応する`) matches its stem followed by hiragana.
///
/// A class: patterns are read in the grader's innermost loops, and a shared reference spares copying (and
/// retaining) their text and segments at every look-up.
final class PhrasePattern: Sendable {
    enum Polarity: Sendable, Equatable {
        case positive
        case negated
        case any
    }

    struct Unit: Sendable, Equatable {
        let text: String
        let isStem: Bool
        let head: UInt32
        /// The word's Snowball stem, for languages with a stemmer and words of `stemmedLength` letters or more:
        /// the unit then matches every word with that stem ("separati" → "separate", "separato").
        var snowball = ""

        /// Shorter words ("no", "non", "una", Spanish "son" against "sonido") match and are matched only as
        /// themselves.
        static let stemmedLength = 4

        func matches(_ token: Token) -> Bool {
            if isStem { return !token.stemDenied && token.text.hasPrefix(text) }
            if token.text == text { return true }
            return !snowball.isEmpty && !token.stemDenied && token.stem == snowball
        }
    }

    struct Match: Sendable, Equatable {
        let start: Int
        let end: Int
        /// Token ranges inside the match that no unit covers (the `…` parts).
        let gaps: [Range<Int>]
        /// UTF-8 length of the last unit when it is a stem: the rest of that word is its ending.
        let lastUnitStemLength: Int?
    }

    let source: String
    let segments: [[Unit]]
    let polarity: Polarity
    /// The phrase must fill its clause.
    let isWholeClause: Bool
    /// The last unit must be followed by a hiragana (Japanese verb stems).
    let needsKanaContinuation: Bool
    let maxGap: Int
    /// Words of all segments together.
    let unitCount: Int
    /// The first word's first scalar: a token can start a match only when its `head` is this.
    let head: UInt32
    /// `Match.lastUnitStemLength` of every match: the UTF-8 length of the last unit when it is a stem.
    private let lastUnitStemLength: Int?
    /// `segments[0]`, held on its own: most tries fail on it, and reading a stored property spares the retain
    /// that taking an element out of `segments` costs.
    private let firstSegment: [Unit]

    /// Compiles `phrase`; `nil` when nothing matchable is left after normalisation. Lexicon words (`ない`)
    /// pass `verbStems: false`: they are matched exactly as written.
    init?(_ phrase: String, normalizer: Normalizer, verbStems: Bool = true) {
        var body = Substring(phrase.trimmingSpaces)
        let isWholeClause = body.first == "="
        if isWholeClause { body = body.dropFirst() }
        var polarity = Polarity.positive
        if body.first == "!" {
            polarity = .negated
            body = body.dropFirst()
        } else if body.first == "~" {
            polarity = .any
            body = body.dropFirst()
        }
        let rawSegments = String(body).replacingAll("...", with: "…").split(separator: "…")
        var segments: [[Unit]] = []
        for raw in rawSegments {
            var units: [Unit] = []
            for word in raw.split(whereSeparator: { $0 == " " }) {
                let isStem = word.last == "*"
                // A code name (`@State`, `#available`) is matched whole: Italian "stato" shares its Snowball stem.
                let isCode = word.first == "@" || word.first == "#"
                let tokens = normalizer.tokens(String(isStem ? word.dropLast() : word))
                for (offset, token) in tokens.enumerated() {
                    var unit = Unit(text: token.text, isStem: isStem && offset == tokens.count - 1, head: token.head)
                    if !unit.isStem, !isCode, token.kind == .word, token.text.count >= Unit.stemmedLength,
                        !normalizer.rules.stemBareKeyWordsOnly || token.stem == token.text
                    {
                        unit.snowball = token.stem
                    }
                    units.append(unit)
                }
            }
            if !units.isEmpty { segments.append(units) }
        }
        var kanaContinuation = false
        if verbStems, normalizer.rules.verbStems, var last = segments.popLast() {
            kanaContinuation = Self.stripVerbEnding(&last)
            segments.append(last)
        }
        guard !segments.isEmpty else { return nil }
        self.source = phrase
        self.segments = segments
        self.polarity = polarity
        self.isWholeClause = isWholeClause
        self.needsKanaContinuation = kanaContinuation
        self.maxGap = normalizer.rules.segmentation == .words ? 5 : 8
        self.unitCount = segments.reduce(0) { $0 + $1.count }
        self.head = segments.first?.first?.head ?? 0
        self.firstSegment = segments.first ?? []
        let lastUnit = segments.last?.last
        self.lastUnitStemLength = lastUnit.flatMap { $0.isStem ? $0.text.utf8.count : nil }
    }

    /// `入る` → `入` + hiragana, `対応する` → `対応` + hiragana; leaves short or non-verb endings alone.
    private static func stripVerbEnding(_ units: inout [Unit]) -> Bool {
        let endings: Set<String> = ["う", "く", "ぐ", "す", "つ", "ぬ", "ぶ", "む", "る", "い"]
        guard let last = units.last, endings.contains(last.text), units.count >= 2 else { return false }
        if last.text == "る", units.count >= 3, units[units.count - 2].text == "す" {
            units.removeLast(2)
            return true
        }
        let stem = units.dropLast()
        guard let stemLast = stem.last else { return false }
        let stemEndsInHan = (0x4E00...0x9FFF).contains(stemLast.head)
        guard stemEndsInHan || stem.count >= 2 else { return false }
        units.removeLast()
        return true
    }

    /// The shortest match starting at `start`, if any. Segments after the first may skip up to `maxGap` tokens
    /// of the same clause.
    func match(in tokens: [Token], clauses: [Int], at start: Int) -> Match? {
        // Segments are read by index, not iterated: that spares retaining each one per try.
        guard !firstSegment.isEmpty, let end = Self.matchSegment(firstSegment, in: tokens, at: start) else {
            return nil
        }
        let sentence = tokens[start].sentence
        guard tokens[end - 1].sentence == sentence else { return nil }
        var cursor = end
        var gaps: [Range<Int>] = []
        for segmentIndex in segments.indices.dropFirst() {
            var found: Int?
            var position = cursor
            while position <= cursor + maxGap, position < tokens.count, clauses[position] == clauses[cursor - 1] {
                if let segmentEnd = Self.matchSegment(segments[segmentIndex], in: tokens, at: position),
                    tokens[segmentEnd - 1].sentence == sentence
                {
                    found = segmentEnd
                    break
                }
                position += 1
            }
            guard let segmentEnd = found else { return nil }
            if position > cursor { gaps.append(cursor..<position) }
            cursor = segmentEnd
        }
        if needsKanaContinuation {
            guard cursor < tokens.count, tokens[cursor].isHiragana else { return nil }
        }
        return Match(start: start, end: cursor, gaps: gaps, lastUnitStemLength: lastUnitStemLength)
    }

    /// The end of `units` matched from `start`, all within one punctuation clause ("先收，標籤欄" is two).
    private static func matchSegment(_ units: [Unit], in tokens: [Token], at start: Int) -> Int? {
        guard start + units.count <= tokens.count else { return nil }
        let clause = tokens[start].punctuationClause
        var position = start
        for index in units.indices {
            guard tokens[position].punctuationClause == clause, units[index].matches(tokens[position]) else {
                return nil
            }
            position += 1
        }
        return start + units.count
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var view = Substring(self)
        while view.first == " " { view = view.dropFirst() }
        while view.last == " " { view = view.dropLast() }
        return String(view)
    }

    /// Most phrases have no `target`: a byte search spares them the (slow) generic split at key load.
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        let bytes = Array(utf8)
        let pattern = Array(target.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count,
            (0...(bytes.count - pattern.count)).contains(where: {
                bytes[$0..<($0 + pattern.count)].elementsEqual(pattern)
            })
        else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
