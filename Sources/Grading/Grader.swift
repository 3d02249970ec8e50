/// Grades learner answers to checkpoint questions against an `AnswerKeyBook`.
///
/// Pure and deterministic: the same book and input always give the same `Grade`. `Sendable`; one instance
/// serves all requests.
public struct Grader: Sendable {
    public let book: AnswerKeyBook
    private let detector: LanguageDetector
    /// Per language, the key of each question position of its matcher: off-topic reading looks keys up by
    /// position, without hashing their ids.
    private let keysByPosition: [String: [AnswerKey?]]

    public init(book: AnswerKeyBook) {
        self.book = book
        self.detector = LanguageDetector(packs: book.packs, order: book.languages)
        self.keysByPosition = book.packs.mapValues { pack in pack.matcher.questionIDs.map { book.keys[$0] } }
    }

    /// Grades one attempt.
    ///
    /// The answer is read against every question's key in its language: an answer that another question's key
    /// grades correct as well as (or better than) this one's, or that answers several other chapters, is
    /// incorrect with the reason `off_topic`.
    ///
    /// - Parameters:
    ///   - questionID: `ch{N}-q{n}` or `practice-q{n}`.
    ///   - language: the page's language; feedback and labels come out in it.
    ///   - answer: the learner's free text, in any of the loaded languages (graded with that language's key).
    ///   - choice: an option id (or its label) for `choice` and `boolean` questions.
    ///   - reference: returned as `Grade.reference` only when the keys map no reference sentences for the question.
    /// - Throws: `GradingError` `.unknownQuestion`, `.unknownLanguage`, or `.unknownChoice` when `choice` is not
    ///   one of the question's options.
    public func grade(
        questionID: String, language: String, answer: String?, choice: String? = nil, reference: String? = nil
    ) throws(GradingError) -> Grade {
        guard let key = book.keys[questionID] else {
            throw GradingError(.unknownQuestion, question: questionID, "no answer key for this question")
        }
        guard let page = book.packs[language], let pageWords = page.questions[questionID] else {
            throw GradingError(.unknownLanguage, question: questionID, "no answer key in language \"\(language)\"")
        }
        let chosen = try resolve(choice: choice, key: key, page: page, words: pageWords)
        let text = answer ?? ""
        var graded: Reading?
        for code in detector.candidates(for: text, page: language) {
            guard let pack = book.packs[code], let position = pack.matcher.index[questionID] else { continue }
            let scanner = pack.scanner
            let reading = scanner.read(text)
            let candidates = scanner.candidates(reading, pack.matcher)
            let sides = pack.questionSides[position]
            let evidence = scanner.markingOtherSubjects(
                scanner.evidence(reading, candidates[position], anchors: pack.matcher.anchors[position]), reading,
                questionSides: sides)
            let assessment = Assessment(key: key, evidence: evidence, choice: chosen)
            let result = Reading(
                assessment: assessment, language: code, position: position, evidence: evidence, reading: reading,
                candidates: candidates, scanner: scanner, matcher: pack.matcher)
            if graded == nil || assessment.isRecognised { graded = result }
            if assessment.isRecognised { break }
        }
        let assessment = graded?.assessment ?? Assessment(key: key, evidence: Self.nothing, choice: chosen)
        var offTopic = false
        if let graded, Verdicts.decide(assessment, key: key, hasChoice: chosen != nil).verdict != .incorrect {
            let keys = keysByPosition[graded.language] ?? graded.matcher.questionIDs.map { book.keys[$0] }
            offTopic = OffTopic(keys: keys, matcher: graded.matcher, scanner: graded.scanner).applies(
                to: graded.position, evidence: graded.evidence, reading: graded.reading, candidates: graded.candidates)
        }
        var bareKeywords = false
        if let graded, key.explains, let pack = book.packs[graded.language] {
            bareKeywords = KeywordAnswer.isBare(graded.reading, graded.evidence, rules: pack.normalizer.rules)
        }
        return Verdicts.grade(
            assessment, key: key, page: page, words: pageWords, hasChoice: chosen != nil,
            reference: page.reference(questionID) ?? reference ?? "", gradedLanguage: graded?.language ?? language,
            offTopic: offTopic, bareKeywords: bareKeywords)
    }

    /// One language's reading of the answer: this question's assessment and every key's phrases found.
    private struct Reading {
        let assessment: Assessment
        let language: String
        let position: Int
        let evidence: Evidence
        let reading: AnswerReading
        let candidates: [[Occurrence]]
        let scanner: EvidenceScanner
        let matcher: LanguageMatcher
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
            let evidence = page.scanner.scan(choice, with: words.matcher)
            if case .option(let index) = OptionDecision.decide(key, evidence) { return index }
        }
        throw GradingError(
            .unknownChoice, question: key.id,
            key.options.isEmpty
                ? "this question takes a free-text answer, not a choice"
                : "choice must be one of \(key.options)")
    }
}
