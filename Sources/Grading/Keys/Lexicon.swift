/// One language's function words, compiled: yes/no words, negation cues and their scope, clause breaks,
/// "or", "both", "then", "I don't know", numbers and the words that tell this language from the others.
struct Lexicon: Sendable {
    /// A negation cue and the directions in which it reaches the nearest phrase of its clause.
    struct Cue: Sendable {
        let pattern: PhrasePattern
        /// Negates the next phrase ("non entra"), or the previous one when nothing follows ("il pulsante non può").
        var before: Bool
        /// Negates the previous phrase (`değil`, `ない`).
        var after: Bool
        /// Negates the previous phrase only at the end of its clause ("il pulsante no").
        var atClauseEnd: Bool
    }

    struct NumberWord: Sendable {
        let pattern: PhrasePattern
        let value: Double
        /// Also an article ("un", "bir", "一"): evidence for its value, never a wrong number.
        let weak: Bool
    }

    let yes: [PhrasePattern]
    let no: [PhrasePattern]
    let yesLabel: String
    let noLabel: String
    let cues: [Cue]
    /// Negative verb morphemes found inside a word (`mez`, `miyor`): Turkish `girmez`, `görünmüyor`; UTF-8.
    let suffixes: [[UInt8]]

    /// One of `suffixes` occurs in `word` from byte `offset` on.
    func hasNegativeSuffix(_ word: String, from offset: Int) -> Bool {
        guard !suffixes.isEmpty else { return false }
        let bytes = Array(word.utf8)
        guard offset < bytes.count else { return false }
        for suffix in suffixes where suffix.count <= bytes.count - offset {
            var start = offset
            while start + suffix.count <= bytes.count {
                if bytes[start..<(start + suffix.count)].elementsEqual(suffix) { return true }
                start += 1
            }
        }
        return false
    }
    let notNegation: [PhrasePattern]
    /// Words that open a new clause ("ma", "perché", "但是").
    let clauseBreaks: [PhrasePattern]
    /// Words that close their clause (`değil`, `ではなく`, `けど`).
    let clauseBreaksAfter: [PhrasePattern]
    let disjunctions: [PhrasePattern]
    let bothOptions: [PhrasePattern]
    let sequence: [PhrasePattern]
    let dontKnow: [PhrasePattern]
    let functionWords: Set<String>
    let distinctiveLetters: Set<UInt32>
    let numbers: [NumberWord]
    /// Correction markers ("anzi", "mejor dicho", "訂正"): what follows takes back what came before.
    let corrections: [PhrasePattern]
    /// Words opening a condition clause ("se", "si", "eğer", "如果").
    let conditions: [PhrasePattern]
    /// Words closing a condition clause (`なら`, `たら`).
    let conditionsAfter: [PhrasePattern]
    /// Copulas, auxiliaries and verbs ("è", "hay", "var", "是"): a clause with one states something.
    var predicates: [PhrasePattern] = []
    /// Verb endings, normalised: of a word in Latin scripts (`-yor`, `-ano`), of a clause in Chinese and Japanese.
    var predicateEndings: [String] = [] {
        didSet { predicateEndingLastBytes = Set(predicateEndings.compactMap(\.utf8.last)) }
    }
    /// The last UTF-8 byte of every `predicateEndings` entry: most words end otherwise and are not compared.
    private(set) var predicateEndingLastBytes: Set<UInt8> = []
    /// Words that hedge their sentence ("forse", "たぶん"): a guess is not yet an explanation.
    var hedges: [PhrasePattern] = []
    /// Words that say something went wrong without saying what ("crash", "問題"): too vague to state a concept.
    var vague: [PhrasePattern] = []
    /// Groups of subjects an answer can confuse (the inner and the outer screen): per group, per side, its phrases.
    var subjects: [[[PhrasePattern]]] = []
    /// Words opening a reason ("perché", "porque", "因為"): the rest of the sentence says why.
    var reasons: [PhrasePattern] = []
    /// Words closing a reason (`から`, `için`): their clause says why.
    var reasonsAfter: [PhrasePattern] = []
}
