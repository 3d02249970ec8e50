/// A graded answer as the result region shows it; the same fields as the attempts API returns.
public struct GradeResult: Sendable {
    public var verdict: AttemptVerdict
    /// 0…1.
    public var score: Double
    /// Key concepts found in the answer, in the page's language.
    public var found: [String]
    public var missing: [String]
    public var feedback: String
    /// The reference answer paragraph, when the reader may see it (pages show it in the reveal area instead).
    public var reference: String?

    public init(
        verdict: AttemptVerdict,
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
