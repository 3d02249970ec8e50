/// A chapter as listed on the home page and in the table of contents.
public struct ChapterSummary: Sendable {
    /// The chapter's number, from 0.
    public var number: Int
    /// The title without the chapter label.
    public var title: String
    /// How many checkpoint questions the chapter ends with.
    public var questionCount: Int

    /// A summary from its parts.
    public init(number: Int, title: String, questionCount: Int) {
        self.number = number
        self.title = title
        self.questionCount = questionCount
    }
}
