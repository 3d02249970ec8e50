/// A learner's progress in one section.
public struct SectionProgress: Sendable, Equatable {
    public var read: Bool
    public var questionsPassed: Int
    public var questionsTotal: Int
    /// Best score per question averaged over the section, 0…1, when the learner has answered anything.
    public var score: Double?

    public init(read: Bool, questionsPassed: Int, questionsTotal: Int, score: Double? = nil) {
        self.read = read
        self.questionsPassed = questionsPassed
        self.questionsTotal = questionsTotal
        self.score = score
    }

    /// Passed when every question has a correct attempt.
    public var isPassed: Bool { questionsTotal > 0 && questionsPassed >= questionsTotal }
}
