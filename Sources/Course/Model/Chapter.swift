/// One numbered chapter of a language's course.
public struct Chapter: Sendable, Equatable, Codable {
    /// The chapter number, from 0.
    public let number: Int
    /// The heading text after ` · `.
    public let title: String
    /// The heading line exactly as written, e.g. `Capitolo 3 · Chiedi quanto è larga quest'area, non se è un Duo`.
    public let heading: String
    /// The 1-based line of the heading.
    public let line: Int
    /// The "after this chapter you can" paragraph, opener included.
    public let lead: String
    /// The 1-based line of the lead paragraph.
    public let leadLine: Int
    /// The chapter's blocks in document order, the note and source after the checkpoint included.
    public let blocks: [Block]
    /// The 1-based line of the checkpoint heading.
    public let checkpointLine: Int
    /// The checkpoint questions, `ch{N}-q1` onwards.
    public let questions: [Question]
    /// The chapter's reference answer paragraph from the appendix.
    public let answer: ReferenceAnswer

    public init(
        number: Int, title: String, heading: String, line: Int, lead: String, leadLine: Int, blocks: [Block],
        checkpointLine: Int, questions: [Question], answer: ReferenceAnswer
    ) {
        self.number = number
        self.title = title
        self.heading = heading
        self.line = line
        self.lead = lead
        self.leadLine = leadLine
        self.blocks = blocks
        self.checkpointLine = checkpointLine
        self.questions = questions
        self.answer = answer
    }

    /// The question with `id`, if it belongs to this chapter.
    public func question(id: String) -> Question? {
        questions.first { $0.id == id }
    }
}
