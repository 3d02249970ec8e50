import Grading

/// A graded answer as the result region shows it; the same fields as the attempts API returns.
public struct GradeResult: Sendable {
    /// How the grader judged the answer.
    public var verdict: Verdict
    /// 0…1.
    public var score: Double
    /// Key concepts found in the answer, in the page's language.
    public var found: [String]
    /// Key concepts the answer lacks, in the page's language.
    public var missing: [String]
    /// The grader's one-line explanation, in the page's language.
    public var feedback: String
    /// The reference answer paragraph, when the reader may see it (pages show it in the reveal area instead).
    public var reference: String?

    /// A result from its parts (App builds it from a `Grade`; tests from literals).
    public init(
        verdict: Verdict,
        score: Double,
        found: [String],
        missing: [String],
        feedback: String,
        reference: String?
    ) {
        self.verdict = verdict
        self.score = score
        self.found = found
        self.missing = missing
        self.feedback = feedback
        self.reference = reference
    }
}
