/// The whole course in one language, parsed from its document.
public struct LanguageCourse: Sendable, Equatable, Codable {
    public let language: Language
    /// The course title, the first line of the document.
    public let title: String
    /// The introduction paragraphs before the reading guide.
    public let introduction: [Block]
    /// The "how to read this course" paragraph.
    public let readingGuide: Block
    /// The chapters in order, numbered from 0.
    public let chapters: [Chapter]
    public let appendix: Appendix
    /// The best-practice case study.
    public let practice: Practice

    public init(
        language: Language, title: String, introduction: [Block], readingGuide: Block, chapters: [Chapter],
        appendix: Appendix, practice: Practice
    ) {
        self.language = language
        self.title = title
        self.introduction = introduction
        self.readingGuide = readingGuide
        self.chapters = chapters
        self.appendix = appendix
        self.practice = practice
    }

    /// The chapter numbered `number`.
    public func chapter(_ number: Int) -> Chapter? {
        guard chapters.indices.contains(number), chapters[number].number == number else {
            return chapters.first { $0.number == number }
        }
        return chapters[number]
    }

    /// Every checkpoint question: the chapters' in order, then the case study's.
    public var questions: [Question] {
        chapters.flatMap(\.questions) + practice.questions
    }

    /// The question with `id` (`ch{N}-q{n}` or `practice-q{n}`) and its reference answer.
    public func question(id: String) -> (question: Question, answer: ReferenceAnswer)? {
        if let question = practice.questions.first(where: { $0.id == id }) {
            return (question, practice.answer)
        }
        for chapter in chapters {
            if let question = chapter.question(id: id) { return (question, chapter.answer) }
        }
        return nil
    }
}
