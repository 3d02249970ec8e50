import Grading

// AttemptVerdict made from the grader's values, so App passes them as they are.

extension AttemptVerdict {
    public init(_ verdict: Verdict) {
        switch verdict {
        case .correct: self = .correct
        case .partial: self = .partial
        case .incorrect: self = .incorrect
        }
    }
}
