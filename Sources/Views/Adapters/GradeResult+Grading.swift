import Grading

extension GradeResult {
    /// The result region of a grade, as the grader returned it (the reference included; a caller that must
    /// not show it clears `reference`).
    public init(_ grade: Grade) {
        self.init(
            verdict: grade.verdict, score: grade.score, found: grade.found, missing: grade.missing,
            feedback: grade.feedback, reference: grade.reference
        )
    }
}
