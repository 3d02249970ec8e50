/// Grades learner answers to checkpoint questions against an `AnswerKeyBook`.
///
/// Pure and deterministic: the same book and input always give the same `Grade`. `Sendable`; one instance
/// serves all requests.
public struct Grader: Sendable {
    public let book: AnswerKeyBook
    private let detector: LanguageDetector

    public init(book: AnswerKeyBook) {
        self.book = book
        self.detector = LanguageDetector(packs: book.packs, order: book.languages)
    }

    /// Grades one attempt.
    ///
    /// - Parameters:
    ///   - questionID: `ch{N}-q{n}` or `practice-q{n}`.
    ///   - language: the page's language; feedback and labels come out in it.
    ///   - answer: the learner's free text, in any of the loaded languages (graded with that language's key).
    ///   - choice: an option id (or its label) for `choice` and `boolean` questions.
    ///   - reference: the chapter's reference answer paragraph in the page's language, returned as is.
    /// - Throws: `GradingError` `.unknownQuestion`, `.unknownLanguage`, or `.unknownChoice` when `choice` is not
    ///   one of the question's options.
    public func grade(
        questionID: String, language: String, answer: String?, choice: String? = nil, reference: String
    ) throws(GradingError) -> Grade {
        guard let key = book.keys[questionID] else {
            throw GradingError(.unknownQuestion, question: questionID, "no answer key for this question")
        }
        guard let page = book.packs[language], let pageWords = page.questions[questionID] else {
            throw GradingError(.unknownLanguage, question: questionID, "no answer key in language \"\(language)\"")
        }
        let chosen = try resolve(choice: choice, key: key, page: page, words: pageWords)
        let text = answer ?? ""
        var graded: (assessment: Assessment, language: String)?
        for code in detector.candidates(for: text, page: language) {
            guard let pack = book.packs[code], let words = pack.questions[questionID] else { continue }
            let evidence = EvidenceScanner(normalizer: pack.normalizer, lexicon: pack.lexicon)
                .scan(text, with: words.matcher)
            let assessment = Assessment(key: key, evidence: evidence, choice: chosen)
            if graded == nil || assessment.isRecognised { graded = (assessment, code) }
            if assessment.isRecognised { break }
        }
        let result = graded ?? (Assessment(key: key, evidence: Self.nothing, choice: chosen), language)
        return Verdicts.grade(
            result.assessment, key: key, page: page, words: pageWords, hasChoice: chosen != nil, reference: reference,
            gradedLanguage: result.language)
    }

    private static let nothing = Evidence(
        tokenCount: 0, occurrences: [], disjunctions: [], sequences: [], namesBoth: false)

    /// The option index for `choice`: its id, its label in the page's language, or the one option its words
    /// name ("Sì", "No", "seguire la lista").
    private func resolve(choice: String?, key: AnswerKey, page: LanguagePack, words: LanguagePack.QuestionWords)
        throws(GradingError) -> Int?
    {
        guard let choice, !choice.allSatisfy(\.isWhitespace) else { return nil }
        if let index = key.options.firstIndex(of: choice) { return index }
        let wanted = page.normalizer.tokens(choice).map(\.text)
        if let index = words.optionLabels.firstIndex(where: { page.normalizer.tokens($0).map(\.text) == wanted }) {
            return index
        }
        if !key.options.isEmpty {
            let evidence = EvidenceScanner(normalizer: page.normalizer, lexicon: page.lexicon)
                .scan(choice, with: words.matcher)
            if case .option(let index) = OptionDecision.decide(key, evidence) { return index }
        }
        throw GradingError(
            .unknownChoice, question: key.id,
            key.options.isEmpty
                ? "this question takes a free-text answer, not a choice"
                : "choice must be one of \(key.options)")
    }
}
