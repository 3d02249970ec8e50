/// A chapter as listed on the home page and in the table of contents.
public struct ChapterSummary: Sendable {
    public var number: Int
    public var title: String
    public var questionCount: Int

    public init(number: Int, title: String, questionCount: Int) {
        self.number = number
        self.title = title
        self.questionCount = questionCount
    }
}
