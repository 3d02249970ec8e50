/// Feedback that names no answer: what a learner sees after a try while the reference is still withheld.
public struct WithheldFeedback: Sendable, Codable, Equatable {
    /// One sentence in the page's language, without the answer.
    public let feedback: String
    /// The rubric parts not covered, without the answer's own label (the right option, polarity or number).
    public let missing: [String]

    public init(feedback: String, missing: [String]) {
        self.feedback = feedback
        self.missing = missing
    }
}
