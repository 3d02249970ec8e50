import Foundation

/// All answer keys: `keys.json` (what the languages share) plus one `{lang}.json` per language, loaded,
/// validated and compiled once. Immutable and `Sendable`; share one instance.
public struct AnswerKeyBook: Sendable {
    let keys: [String: AnswerKey]
    let packs: [String: LanguagePack]

    /// Question ids in course order (`ch0-q1` … `ch11-q3`, then `practice-q1` …).
    public let questionIDs: [String]
    /// Language codes that have a key file, sorted.
    public let languages: [String]

    /// Key files above this size are refused rather than read.
    static let maximumFileSize = 4 << 20

    /// Compiles the files of the key folder held in memory, keyed by name: `keys.json`, every other `*.json`
    /// as a language (`it.json` → `it`), and the Simplified → Traditional table `hans-hant.txt` when it is there.
    /// Other files (`README.md`) are ignored.
    ///
    /// - Throws: `GradingError` naming the file and question (or line) at fault: a missing or oversized file,
    ///   invalid JSON, unknown question id, a question missing from a language, bad weights, an option without
    ///   phrases…
    public static func make(files: [String: Data]) throws(GradingError) -> AnswerKeyBook {
        let compilation = try compilation(files: files)
        return try compilation.book(compilation.languages.map(compilation.compile))
    }

    /// Compiles key files already in memory, one `Data` per file.
    ///
    /// - Parameter hanTable: the bytes of `hans-hant.txt`; needed when a language has `simplifiedToTraditional`.
    /// - Throws: `GradingError` as `make(files:)`.
    public static func make(neutral: Data, languages: [(code: String, data: Data)], hanTable: Data? = nil)
        throws(GradingError) -> AnswerKeyBook
    {
        let compilation = try compilation(neutral: neutral, languages: languages, hanTable: hanTable)
        return try compilation.book(compilation.languages.map(compilation.compile))
    }

    /// The Simplified → Traditional converter grading applies in `language` (`simplifiedToTraditional` in its
    /// key file), so search can fold the same way; `nil` for languages that do not fold.
    public func simplifiedToTraditional(in language: String) -> HanConverter? {
        packs[language]?.normalizer.han
    }

    /// The question's kind, or `nil` for an unknown question.
    public func kind(of questionID: String) -> QuestionKind? {
        keys[questionID]?.kind
    }

    /// The sentence(s) of the chapter's appendix answer that answer this question, in `language`; `nil` for an
    /// unknown question or language, or when that language's key maps none.
    public func reference(questionID: String, language: String) -> String? {
        packs[language]?.reference(questionID)
    }

    /// The options a learner can choose for a `choice` or `boolean` question, labelled in `language`;
    /// empty for `number` and `open` questions, `nil` for an unknown question or language.
    public func options(of questionID: String, in language: String) -> [ChoiceOption]? {
        guard let key = keys[questionID], let words = packs[language]?.questions[questionID] else { return nil }
        return zip(key.options, words.optionLabels).map { ChoiceOption(id: $0, label: $1) }
    }
}

/// Course order of question ids: chapters by number, then the practice quiz.
enum QuestionOrder {
    static func precedes(_ left: String, _ right: String) -> Bool {
        rank(left) < rank(right)
    }

    /// `(section, question)`; chapters first, practice after, anything else last.
    private static func rank(_ id: String) -> (Int, Int, String) {
        guard let parsed = parse(id) else { return (Int.max, 0, id) }
        return (parsed.chapter ?? 1_000, parsed.question, id)
    }

    /// `ch3-q2` → (3, 2); `practice-q4` → (nil, 4); anything else → nil.
    static func parse(_ id: String) -> (chapter: Int?, question: Int)? {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasPrefix("q"), let question = Int(parts[1].dropFirst()), question > 0
        else { return nil }
        if parts[0] == "practice" { return (nil, question) }
        guard parts[0].hasPrefix("ch"), let chapter = Int(parts[0].dropFirst(2)), chapter >= 0 else { return nil }
        return (chapter, question)
    }
}
