/// What every page of one language needs to know about the course: titles for navigation and the table of contents.
public struct CourseOutline: Sendable {
    /// The course title (the document's first line).
    public var title: String
    /// Every chapter in order, for the table of contents and the home page.
    public var chapters: [ChapterSummary]
    /// The appendix's heading, its entry in the navigation.
    public var appendixTitle: String
    /// The case study's heading, likewise.
    public var practiceTitle: String
    /// How many questions the case study asks, shown beside its entry.
    public var practiceQuestionCount: Int

    /// An outline from its parts (the course adapter, or a test's literal).
    public init(
        title: String,
        chapters: [ChapterSummary],
        appendixTitle: String,
        practiceTitle: String,
        practiceQuestionCount: Int
    ) {
        self.title = title
        self.chapters = chapters
        self.appendixTitle = appendixTitle
        self.practiceTitle = practiceTitle
        self.practiceQuestionCount = practiceQuestionCount
    }

    /// The title of `section`, without the chapter label.
    func title(of section: CourseSection) -> String? {
        switch section {
        case .chapter(let number): return chapters.first { $0.number == number }?.title
        case .appendix: return appendixTitle
        case .practice: return practiceTitle
        }
    }

    /// The sections in reading order: chapters, the appendix, then the practice case study (document order).
    var sections: [CourseSection] {
        chapters.map { .chapter($0.number) } + [.appendix, .practice]
    }
}
