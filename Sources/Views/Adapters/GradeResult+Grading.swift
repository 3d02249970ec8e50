import Grading

// GradeResult made from the grader's values, so App passes them as they are.

extension GradeResult {
    public init(_ grade: Grade) {
        self.init(
            verdict: AttemptVerdict(grade.verdict), score: grade.score, found: grade.found, missing: grade.missing,
            feedback: grade.feedback, reference: grade.reference
        )
    }
}
