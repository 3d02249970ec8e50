/// One language's compiled key: its normaliser, lexicon, feedback and the words of every question.
///
/// A class: the grader looks packs up several times per answer, and a shared reference spares copying (and
/// retaining every field of) this large value each time.
final class LanguagePack: Sendable {
    /// A phrase that states a correct answer or concept, kept for the grounding test.
    struct GroundedPhrase: Sendable {
        let part: String
        let pattern: PhrasePattern
    }

    /// A phrase or synonym that earns credit (the correct option, a number answer, a concept), with the reason of
    /// its synonym group (`nil` for `phrases`), for the grounding report.
    struct KeyPhrase: Sendable {
        let part: String
        let pattern: PhrasePattern
        let reason: String?
        /// The synonym group holds this phrase alone: the reason is the phrase's own.
        var ownReason = false
        /// The group's learner paraphrases, each phrase matching at least one.
        var examples: [String] = []
    }

    struct QuestionWords: Sendable {
        /// Label per option index, as the chapter JSON shows them (for boolean questions, yes then no).
        let optionLabels: [String]
        /// Words for the option, polarity or number a correct answer gives, for `found`/`missing` and feedback.
        let answerLabel: String
        /// Label per concept index.
        let conceptLabels: [String]
        let matcher: QuestionMatcher
        let grounded: [GroundedPhrase]
        let phrases: [KeyPhrase]
        /// Subjects per concept index (empty when the concept has none).
        let anchors: [[PhrasePattern]]
        /// The sentences of the chapter's appendix answer that answer the question; empty when the file maps none.
        let reference: [String]
    }

    let code: String
    let normalizer: Normalizer
    let lexicon: Lexicon
    let feedback: Feedback
    let listSeparator: String
    let questions: [String: QuestionWords]
    /// All questions' phrases, for reading an answer against every key at once.
    let matcher: LanguageMatcher
    /// Reads answers with this language's normaliser and lexicon.
    let scanner: EvidenceScanner
    /// Per question position of `matcher`: the subject sides its reference names
    /// (`EvidenceScanner.subjectSides(of:)`), read once here rather than at every answer.
    let questionSides: [[Int?]]

    init(
        code: String, normalizer: Normalizer, lexicon: Lexicon, feedback: Feedback, listSeparator: String,
        questions: [String: QuestionWords], matcher: LanguageMatcher
    ) {
        self.code = code
        self.normalizer = normalizer
        self.lexicon = lexicon
        self.feedback = feedback
        self.listSeparator = listSeparator
        self.questions = questions
        self.matcher = matcher
        let scanner = EvidenceScanner(normalizer: normalizer, lexicon: lexicon)
        self.scanner = scanner
        self.questionSides = matcher.questionIDs.map { id in
            scanner.subjectSides(of: Self.reference(id, questions: questions, normalizer: normalizer) ?? "")
        }
    }

    /// The question's reference sentences as one text: joined by a space, or directly in Chinese and Japanese.
    func reference(_ questionID: String) -> String? {
        Self.reference(questionID, questions: questions, normalizer: normalizer)
    }

    private static func reference(
        _ questionID: String, questions: [String: QuestionWords], normalizer: Normalizer
    ) -> String? {
        guard let sentences = questions[questionID]?.reference, !sentences.isEmpty else { return nil }
        return sentences.joined(separator: normalizer.rules.segmentation == .words ? " " : "")
    }
}
