/// A phrase of the key found in an answer, with whether a negation reaches it.
struct Occurrence: Sendable, Equatable {
    let target: QuestionMatcher.Target
    let polarity: PhrasePattern.Polarity
    let start: Int
    let end: Int
    let gaps: [Range<Int>]
    let sentence: Int
    let units: Int
    var negated: Bool
    /// A lexicon word every key shares (yes/no, a number, "I don't know"), not one of the question's phrases.
    var generic = false
    /// The phrase stands inside a condition ("se fosse di lato"): it names an option without choosing it.
    var conditional = false
    /// The concept's phrase stands in a clause about another concept's subject (the roles are swapped): it
    /// contradicts its concept instead of stating it.
    var boundElsewhere = false
    /// The phrase's clause (or what leads its sentence) names another subject than the question's ("sullo
    /// schermo esterno è verticale" asked about the inner screen): true of something else, no claim here.
    var otherSubject = false
    /// Every clause the phrase stands in only names topics ("metà contenuto"): a mention, not a claim.
    var topicOnly = false
    /// The phrase's sentence is hedged ("forse si rompe"): a guess, not a claim.
    var hedged = false
    /// Every word of the phrase is vague ("va in crash", "non funziona"): something is wrong, but not what.
    var vague = false
    /// The phrase's place in its key: the tie-break between phrases covering the same words.
    var rank = 0

    /// The phrase speaks for its target: stated plainly, or negated for a `!` phrase, or either way for `~`.
    var asserts: Bool {
        if boundElsewhere || otherSubject { return false }
        switch polarity {
        case .positive: return !negated
        case .negated: return negated
        case .any: return true
        }
    }

    /// The phrase is stated the other way round ("non sono diversi" for `diversi`). A `!` phrase said plainly
    /// is only a mention ("la maschera copre la piega" for `!maschera`), not a denial.
    var denies: Bool {
        !otherSubject && (boundElsewhere || (polarity == .positive && negated))
    }
}

/// What an answer says, as far as one question's key can tell.
struct Evidence: Sendable {
    let tokenCount: Int
    /// Key phrases found, in text order, overlaps resolved in favour of the longer phrase.
    var occurrences: [Occurrence]
    /// Token positions of "or" words.
    let disjunctions: [Int]
    /// Token positions of "then" words.
    let sequences: [Int]
    /// The answer says "both", "either" or "it depends".
    let namesBoth: Bool
    /// Token ranges of correction markers ("anzi no", "mejor dicho"): later statements replace earlier ones.
    var corrections: [Range<Int>] = []
    /// Ends of the correction markers followed by a content word: a new statement, not just "anzi no".
    var retractions: Set<Int> = []
    /// Token ranges of the reasons the answer gives (`AnswerReading.reasons`).
    var reasons: [Range<Int>] = []

    /// The answer gives a reason, and none of its reasons holds anything the key reads (an option, a concept, a
    /// number, a wrong statement): "no, perché la barra verticale non esiste" justifies the right answer with
    /// something the key does not know. A phrase only mentioned, not asserted, supports nothing ("sì, perché è uguale a
    /// iPad" for `!uguale a ipad`).
    var hasUnsupportedReason: Bool {
        guard !reasons.isEmpty else { return false }
        return !reasons.contains { reason in
            occurrences.contains { occurrence in
                (occurrence.isClaim || occurrence.target == .wrong) && occurrence.asserts
                    && reason.overlaps(occurrence.start..<occurrence.end)
            }
        }
    }
}
