/// A learner's progress in one section.
public struct SectionProgress: Sendable, Equatable {
    /// The learner opened the section or answered one of its questions.
    public var read: Bool
    /// Questions passed under the scoring policy.
    public var questionsPassed: Int
    /// Questions the section asks (0 for the appendix).
    public var questionsTotal: Int
    /// Final score (under the retry penalty) per question averaged over the section, 0…1, when the learner has
    /// answered anything.
    public var score: Double?
    /// The first tries' scores averaged over the section, likewise.
    public var firstScore: Double?

    /// A section's progress as App computed it with the scoring policy.
    public init(
        read: Bool, questionsPassed: Int, questionsTotal: Int, score: Double? = nil, firstScore: Double? = nil
    ) {
        self.read = read
        self.questionsPassed = questionsPassed
        self.questionsTotal = questionsTotal
        self.score = score
        self.firstScore = firstScore
    }

    /// Passed when every question is passed.
    public var isPassed: Bool { questionsTotal > 0 && questionsPassed >= questionsTotal }
}
