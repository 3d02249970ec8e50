/// Every phrase that can speak for one question in one language, indexed by its first letter.
struct QuestionMatcher: Sendable {
    /// What a matched phrase is evidence for.
    enum Target: Sendable, Equatable {
        case option(Int)
        case concept(Int)
        /// One part of a concept that has parts: the concept is stated only when all of its parts are.
        case part(concept: Int, part: Int)
        case answer
        case wrong
        case number(Double, weak: Bool)
        case dontKnow
        /// Words of the question the learner repeats ("la lista messaggi"), matched only so that they do not
        /// count for an option.
        case ignored
    }

    struct Entry: Sendable {
        let pattern: PhrasePattern
        let target: Target
        /// The phrase must be a whole clause (yes/no words: "Sì." but not "si apre").
        let wholeClause: Bool
    }

    let entries: [Entry]
    let byHead: [UInt32: [Int]]
    /// Digits in the answer are evidence (number questions, number concepts).
    let readsNumbers: Bool

    init(entries: [Entry], readsNumbers: Bool) {
        self.entries = entries
        self.readsNumbers = readsNumbers
        var index: [UInt32: [Int]] = [:]
        for (position, entry) in entries.enumerated() {
            index[entry.pattern.head, default: []].append(position)
        }
        self.byHead = index
    }
}
