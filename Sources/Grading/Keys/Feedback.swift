/// Feedback sentences of one language, chosen by what the grader concluded.
struct Feedback: Sendable {
    enum Reason: String, Sendable, CaseIterable {
        case correct
        case correctIncomplete
        case partial
        /// An open question answered with a bare word or a list of keywords: the idea, but no claim.
        case keywords
        case wrongOption
        case wrongPolarity
        case wrongNumber
        case bothOptions
        case contradiction
        case dontKnow
        case empty
        case offTopic
        /// The answer speaks to another question, or to several chapters at once.
        case otherQuestion
        // What the learner is told while the answer is still theirs to find (the scoring policy withholds the
        // reference): the same judgements, naming no answer and pointing back at the chapter.
        /// Instead of `wrongOption`, `wrongPolarity` and `wrongNumber`.
        case notYet
        case dontKnowHidden
        case contradictionHidden
        case offTopicHidden
        case otherQuestionHidden
    }

    let templates: [Reason: String]

    /// The sentence for `reason` with `{answer}` and `{missing}` filled in.
    func sentence(_ reason: Reason, answer: String, missing: String) -> String {
        let template = templates[reason] ?? ""
        return template.replacingPlaceholder("{answer}", with: answer).replacingPlaceholder("{missing}", with: missing)
    }
}

extension String {
    fileprivate func replacingPlaceholder(_ placeholder: String, with value: String) -> String {
        split(separator: placeholder, omittingEmptySubsequences: false).joined(separator: value)
    }
}
