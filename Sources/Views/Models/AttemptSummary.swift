import Foundation
import Grading

/// One earlier attempt at a question, as listed under it.
public struct AttemptSummary: Sendable {
    /// When the attempt was made, shown in the reader's time zone.
    public var date: Date
    /// The free text as typed; empty when only an option was chosen.
    public var answer: String
    /// The label of the chosen option, if one was chosen.
    public var choice: String?
    /// How the grader judged it.
    public var verdict: Verdict
    /// The attempt's score, 0…1.
    public var score: Double

    /// An attempt as App read it from the store.
    public init(date: Date, answer: String, choice: String? = nil, verdict: Verdict, score: Double) {
        self.date = date
        self.answer = answer
        self.choice = choice
        self.verdict = verdict
        self.score = score
    }
}
