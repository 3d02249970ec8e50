/// A chapter as the chapter page renders it.
public struct ChapterContent: Sendable {
    /// The chapter's number, from 0; `/{lang}/chapters/{number}`.
    public var number: Int
    /// The title without the chapter label.
    public var title: String
    /// The "after this chapter you can…" paragraph.
    public var lead: String
    /// The chapter's text in document order.
    public var blocks: [BlockContent]
    /// The checkpoint questions at the chapter's end.
    public var questions: [QuestionContent]

    /// A chapter from its parts (the course adapter, or a test's literal).
    public init(number: Int, title: String, lead: String, blocks: [BlockContent], questions: [QuestionContent]) {
        self.number = number
        self.title = title
        self.lead = lead
        self.blocks = blocks
        self.questions = questions
    }
}
