/// A learner's progress in one section.
public struct SectionProgress: Sendable, Equatable {
    public var read: Bool
    public var questionsPassed: Int
    public var questionsTotal: Int
    /// Final score (under the retry penalty) per question averaged over the section, 0…1, when the learner has
    /// answered anything.
    public var score: Double?
    /// The first tries' scores averaged over the section, likewise.
    public var firstScore: Double?

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
