import Foundation
import Grading

/// One earlier attempt at a question, as listed under it.
public struct AttemptSummary: Sendable {
    public var date: Date
    public var answer: String
    /// The label of the chosen option, if one was chosen.
    public var choice: String?
    public var verdict: Verdict
    public var score: Double

    public init(date: Date, answer: String, choice: String? = nil, verdict: Verdict, score: Double) {
        self.date = date
        self.answer = answer
        self.choice = choice
        self.verdict = verdict
        self.score = score
    }
}
