/// The result of grading one learner answer.
public struct Grade: Sendable, Codable, Equatable {
    public let verdict: Verdict
    /// Weighted share of the rubric the answer covers, 0…1; 0 when the verdict is incorrect.
    public let score: Double
    /// Labels of the rubric parts the answer covers, in the page's language.
    public let found: [String]
    /// Labels of the rubric parts the answer does not cover, in the page's language.
    public let missing: [String]
    /// One short sentence in the page's language.
    public let feedback: String
    /// The sentence(s) of the chapter's appendix answer that answer this question, in the page's language.
    public let reference: String
    /// The language whose key graded the answer: the page's, or the one the learner wrote in.
    public let gradedLanguage: String
    /// Why the verdict is not plainly right or wrong; `nil` when there is nothing to add.
    public let reason: GradeReason?
    /// `feedback` and `missing` as they may be shown before the learner has earned the reference: they never
    /// name the right option, polarity or number, so a wrong try does not hand over the answer.
    public let withheld: WithheldFeedback

    public init(
        verdict: Verdict, score: Double, found: [String], missing: [String], feedback: String, reference: String,
        gradedLanguage: String, reason: GradeReason? = nil, withheld: WithheldFeedback? = nil
    ) {
        self.verdict = verdict
        self.score = score
        self.found = found
        self.missing = missing
        self.feedback = feedback
        self.reference = reference
        self.gradedLanguage = gradedLanguage
        self.reason = reason
        self.withheld = withheld ?? WithheldFeedback(feedback: feedback, missing: missing)
    }
}
