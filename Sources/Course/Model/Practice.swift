/// The best-practice case study at the end of the course, with its own quiz.
public struct Practice: Sendable, Equatable, Codable {
    /// The heading text after ` · `.
    public let title: String
    /// The heading line exactly as written.
    public let heading: String
    /// The 1-based line of the heading.
    public let line: Int
    /// The "after reading you can" paragraph, opener included.
    public let lead: String
    /// The 1-based line of the lead paragraph.
    public let leadLine: Int
    /// The case study's blocks in document order, up to the quiz.
    public let blocks: [Block]
    /// The 1-based line of the quiz heading.
    public let quizLine: Int
    /// The quiz questions, `practice-q1` onwards.
    public let questions: [Question]
    /// The answers paragraph, the last line of the document.
    public let answer: ReferenceAnswer

    public init(
        title: String, heading: String, line: Int, lead: String, leadLine: Int, blocks: [Block], quizLine: Int,
        questions: [Question], answer: ReferenceAnswer
    ) {
        self.title = title
        self.heading = heading
        self.line = line
        self.lead = lead
        self.leadLine = leadLine
        self.blocks = blocks
        self.quizLine = quizLine
        self.questions = questions
        self.answer = answer
    }
}
