/// The JSON shapes of the key files, decoded as they are and then checked and compiled by `AnswerKeyBook`.
/// `Content/keys/README.md` documents them for the people who write keys.

/// `keys.json`: what every language shares. Languages are the other `*.json` files beside it.
struct NeutralKeyFile: Decodable {
    let questions: [String: NeutralQuestionFile]
}

struct NeutralQuestionFile: Decodable {
    let kind: QuestionKind
    /// Option ids of a choice question, in the order the question names them.
    let options: [String]?
    /// The correct option id of a choice question.
    let correct: String?
    /// `yes`/`no` for a boolean question, a number for a number question.
    let expected: ExpectedFile?
    /// Numbers the question itself names ("six postures"): an answer repeating them is not a wrong number.
    let echoNumbers: [Double]?
    /// Weight of the option, polarity or number part; 1 by default.
    let answerWeight: Double?
    let concepts: [NeutralConceptFile]?
    /// The prompt asks for an explanation (why, what happens, what it means): an open answer of bare keywords is
    /// at most partial.
    let explains: Bool?
    /// Share of the total weight a correct answer needs besides its required parts; 0 by default (1 half
    /// when no part is required).
    let pass: Double?
}

enum ExpectedFile: Decodable, Equatable {
    case polarity(String)
    case number(Double)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .polarity(try container.decode(String.self))
        }
    }
}

struct NeutralConceptFile: Decodable {
    let id: String
    let weight: Double
    let required: Bool?
    /// The option (or `yes`/`no`) this concept implies when the learner states it.
    let implies: String?
    /// The concept is also satisfied by this number in the answer.
    let number: Double?
    /// Ids of the parts the concept is made of ("the container's width", "the minimum item width"): each language
    /// gives each part its phrases, and a concept stated by only some of its parts is named, not stated.
    let parts: [String]?
}

/// `{lang}.json`: one language's words.
struct LanguageKeyFile: Decodable {
    let language: String
    let name: String
    let text: TextRulesFile
    let lexicon: LexiconFile
    let feedback: [String: String]
    let questions: [String: LanguageQuestionFile]
}

struct TextRulesFile: Decodable {
    let script: String
    let segmentation: String
    let caseFolding: String
    let foldDiacritics: Bool
    let simplifiedToTraditional: Bool?
    let verbStems: Bool?
    let variants: [VariantFile]?
    let vocabulary: [VariantFile]?
    let listSeparator: String
    /// Snowball algorithm for word matching (`italian`, `spanish`); words then match their inflected forms.
    let stemmer: String?
    /// Words no stem may match, each with a reason (Turkish `belirleyici` is not `belir*`).
    let stemDeny: [DeniedStemFile]?
    /// The stemmer reads words before accents are folded (Turkish vowel harmony).
    let stemAccented: Bool?
    /// Only key words written in their bare form match by stem (Turkish case endings carry roles).
    let stemBareKeyWordsOnly: Bool?
    /// Japanese: katakana folded to hiragana and long vowels to short ones.
    let foldKana: Bool?
    /// Japanese: the ICU transform that reads romaji words (`Latin-Hiragana`).
    let romaji: String?
    /// Japanese: kana readings replaced by their written form (`じょうげ` → `上下`), each with a reason; applied
    /// like `vocabulary` after kana folding, keys and answers alike.
    let readings: [VariantFile]?
}

struct DeniedStemFile: Decodable {
    let word: String
    let reason: String
}

struct VariantFile: Decodable {
    let from: String
    let to: String
    let reason: String
}

struct LexiconFile: Decodable {
    let yes: [String]
    let no: [String]
    let yesLabel: String
    let noLabel: String
    let negationBefore: [String]
    let negationAfter: [String]
    let negationAtClauseEnd: [String]?
    let negationSuffixes: [String]?
    let notNegation: [String]?
    let clauseBreaks: [String]
    let clauseBreaksAfter: [String]?
    let disjunctions: [String]
    let bothOptions: [String]
    let sequence: [String]
    let dontKnow: [String]
    let functionWords: [String]
    let distinctiveLetters: String?
    let numbers: [String: Double]
    let weakNumbers: [String]?
    /// Words that take back what the answer said so far ("anzi", "mejor dicho", "訂正"): the later position wins.
    let corrections: [String]?
    /// Words opening a condition ("se", "si", "eğer", "如果"): options named inside it are hypothetical.
    let conditions: [String]?
    /// Words closing a condition (`なら`, `たら`).
    let conditionsAfter: [String]?
    /// Copulas, auxiliaries and verbs that make a clause a statement ("è", "hay", "var", "是", "です").
    let predicates: [String]?
    /// Endings that mark a verb: of a word (Latin scripts) or of a clause (Chinese and Japanese).
    let predicateEndings: [String]?
    /// Words that hedge what their sentence says ("forse", "quizás", "belki", "也許", "たぶん").
    let hedges: [String]?
    /// Words that say something went wrong without saying what ("crash", "non funziona", "問題").
    let vague: [String]?
    /// Groups of subjects an answer can confuse, each a list of sides and each side a list of phrases
    /// (`[["schermo interno"], ["schermo esterno"]]`): a claim made of the side the question is not about.
    let subjects: [[[String]]]?
    /// Words opening a reason ("perché", "porque", "çünkü", "因為"): what follows says why.
    let reasons: [String]?
    /// Words closing a reason (`から`, `ので`, `için`): the clause before them says why.
    let reasonsAfter: [String]?
}

struct LanguageQuestionFile: Decodable {
    /// The sentences of the chapter's appendix answer that answer this question, verbatim and in order.
    let reference: [String]?
    let options: [String: PhraseSetFile]?
    let answer: PhraseSetFile?
    let concepts: [String: PhraseSetFile]?
    let wrong: PhraseSetFile?
    let ignore: PhraseSetFile?
}

struct PhraseSetFile: Decodable {
    let label: String?
    let phrases: [String]?
    let synonyms: [SynonymFile]?
    /// A concept's subject ("SwiftUI", "UIKit"): its phrases count only in a clause that names it; in a clause
    /// that names another concept's subject instead they contradict it (the roles are swapped).
    let anchors: [String]?
    /// A concept's parts (ids from `keys.json`), each with its own phrases: the concept is stated by one of its
    /// own phrases, or by all of its parts together.
    let parts: [String: PhraseSetFile]?

    var allPhrases: [String] { (phrases ?? []) + (synonyms ?? []).flatMap(\.phrases) }
}

struct SynonymFile: Decodable {
    let reason: String
    let phrases: [String]
    /// Learner paraphrases, written apart from the fixtures, that each of the group's phrases must match: the
    /// test of a synonym the course text does not ground (`GroundingTests`).
    let examples: [String]?
}
