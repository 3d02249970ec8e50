/// One answer cut into tokens and clauses, with the language's function words found in it: what every question's
/// key needs from the answer, computed once however many keys then read it.
struct AnswerReading: Sendable {
    /// A negation cue found in the answer, before any key's phrases are known.
    struct Cue: Sendable {
        let start: Int
        let end: Int
        let before: Bool
        let after: Bool
        let atClauseEnd: Bool
    }

    let tokens: [Token]
    /// Clause index per token (punctuation, clause-break words, correction markers).
    let clauses: [Int]
    /// Tokens of idioms that only look negative ("senza problemi", "問題なく").
    let notNegation: [Bool]
    /// Negation cues, by start; overlapping cues are resolved per key, once its phrases are known.
    let cues: [Cue]
    let disjunctions: [PhrasePattern.Match]
    let sequences: [PhrasePattern.Match]
    let bothOptions: [PhrasePattern.Match]
    /// Tokens inside a condition clause ("se fosse di lato", "横なら"): what they name is hypothetical.
    let conditional: [Bool]
    /// Correction markers ("anzi no", "mejor dicho", "訂正") that open a clause after something was said.
    let corrections: [Range<Int>]
    /// Per clause index: the clause only names topics, without a predicate ("metà contenuto", "UIKit: gerarchia").
    var topicClauses: [Bool] = []
    /// Sentences with a hedge ("forse", "たぶん"): what they state is a guess.
    var hedgedSentences: Set<Int> = []
    /// Per token: part of a vague phrase ("va in crash", "問題").
    var vague: [Bool] = []
    /// Per token: a content word or character (not a function word, not a word of one or two letters).
    var isContent: [Bool] = []
    /// Token ranges of the reasons the answer gives ("perché lo schermo interno ignora …"), each holding a content
    /// word: what follows a reason marker up to the end of its sentence, or the clause a closing marker ends.
    var reasons: [Range<Int>] = []
    /// Content words (Chinese, Japanese: content characters) of the whole answer.
    var contentUnits: Int { isContent.count { $0 } }
}
