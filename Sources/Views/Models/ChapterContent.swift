/// A chapter as the chapter page renders it.
public struct ChapterContent: Sendable {
    public var number: Int
    public var title: String
    /// The "after this chapter you can…" paragraph.
    public var lead: String
    public var blocks: [BlockContent]
    public var questions: [QuestionContent]

    public init(number: Int, title: String, lead: String, blocks: [BlockContent], questions: [QuestionContent]) {
        self.number = number
        self.title = title
        self.lead = lead
        self.blocks = blocks
        self.questions = questions
    }
}
