/// Every question's phrases in one language, merged so that an answer is scanned once for all the keys.
///
/// The grader reads an answer against every question of its language (an answer that speaks to another question
/// is off topic); a phrase that several keys share (yes/no words, "I don't know", numbers) is matched once and
/// credited to each of them.
///
/// A class: the grader hands it to every reading of an answer, and a reference spares copying its tables.
final class LanguageMatcher: Sendable {
    /// One question's use of a pattern.
    struct Use: Sendable {
        let question: Int
        let target: QuestionMatcher.Target
        /// The lexicon's words (yes/no, numbers, "I don't know"), not the question's own phrases.
        let generic: Bool
        /// The entry's index in its question's matcher.
        let rank: Int
    }

    /// Question ids in course order; `Use.question` indexes this.
    let questionIDs: [String]
    let index: [String: Int]
    let patterns: [PhrasePattern]
    /// The pattern must be a whole clause (yes/no words).
    let wholeClause: [Bool]
    let uses: [[Use]]
    /// Patterns whose first word is whole, by that word: a token looks up only the patterns that can start on it.
    let byFirstWord: [String: [Int]]
    /// Patterns whose first word is a stem, by its first letter.
    let stemsByHead: [UInt32: [Int]]
    /// Patterns whose first word also matches by its Snowball stem, by that stem.
    let bySnowball: [String: [Int]]
    /// Questions whose keys read digits as numbers.
    let numberReaders: [Int]
    /// Per question, its concepts' subjects (`LanguagePack.QuestionWords.anchors`).
    let anchors: [[[PhrasePattern]]]

    init(questions: [(id: String, matcher: QuestionMatcher, anchors: [[PhrasePattern]])]) {
        var patterns: [PhrasePattern] = []
        var wholeClause: [Bool] = []
        var uses: [[Use]] = []
        var seen: [String: Int] = [:]
        var readers: [Int] = []
        for (position, question) in questions.enumerated() {
            if question.matcher.readsNumbers { readers.append(position) }
            for (rank, entry) in question.matcher.entries.enumerated() {
                let generic = entry.isGeneric
                let key = "\(entry.wholeClause ? 1 : 0)\(generic ? 1 : 0)\(entry.pattern.source)"
                let slot: Int
                if let known = seen[key] {
                    slot = known
                } else {
                    slot = patterns.count
                    seen[key] = slot
                    patterns.append(entry.pattern)
                    wholeClause.append(entry.wholeClause)
                    uses.append([])
                }
                uses[slot].append(Use(question: position, target: entry.target, generic: generic, rank: rank))
            }
        }
        var byFirstWord: [String: [Int]] = [:]
        var stemsByHead: [UInt32: [Int]] = [:]
        var bySnowball: [String: [Int]] = [:]
        for (slot, pattern) in patterns.enumerated() {
            guard let first = pattern.segments.first?.first else { continue }
            if first.isStem {
                stemsByHead[first.head, default: []].append(slot)
            } else {
                byFirstWord[first.text, default: []].append(slot)
                if !first.snowball.isEmpty { bySnowball[first.snowball, default: []].append(slot) }
            }
        }
        self.questionIDs = questions.map(\.id)
        self.index = Dictionary(uniqueKeysWithValues: questions.enumerated().map { ($1.id, $0) })
        self.patterns = patterns
        self.wholeClause = wholeClause
        self.uses = uses
        self.byFirstWord = byFirstWord
        self.stemsByHead = stemsByHead
        self.bySnowball = bySnowball
        self.numberReaders = readers
        self.anchors = questions.map(\.anchors)
    }
}

extension QuestionMatcher.Entry {
    /// Lexicon words every key shares: yes/no (whole clauses), numbers and "I don't know".
    var isGeneric: Bool {
        if wholeClause { return true }
        switch target {
        case .dontKnow, .number: return true
        default: return false
        }
    }
}
