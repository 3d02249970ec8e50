/// One question a learner answered or asked to see, as the progress page lists it.
public struct QuestionProgress: Sendable, Equatable {
    public var id: String
    public var section: CourseSection
    /// The question's number within its section.
    public var number: Int
    /// The first try's score, 0…1.
    public var firstScore: Double
    /// The final score under the retry penalty, 0…1.
    public var score: Double
    public var attempts: Int
    public var passed: Bool
    /// The learner asked to see the answer.
    public var revealed: Bool

    public init(
        id: String, section: CourseSection, number: Int, firstScore: Double, score: Double, attempts: Int,
        passed: Bool, revealed: Bool
    ) {
        self.id = id
        self.section = section
        self.number = number
        self.firstScore = firstScore
        self.score = score
        self.attempts = attempts
        self.passed = passed
        self.revealed = revealed
    }
}
