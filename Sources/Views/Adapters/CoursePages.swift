import Course
import Grading

/// Every pre-rendered page of one language, built once per content load (off the serving path) and kept
/// in the content snapshot; App serves `staticBytes` or `bytes(for:)` from here.
///
/// Views has one design for its inputs: pages render small page models (`ChapterContent`, `SectionContent`,
/// `QuestionContent`, `BlockContent`, `CourseOutline`, `PageLanguage`) holding exactly what the HTML needs,
/// built from the Course model in one place, the adapters beside this type, once per content load. Values
/// that already have a domain type are not mirrored: a verdict is Grading's `Verdict`, a result is built from
/// Grading's `Grade`. Why page models rather than Course types in the pages: a page needs derived values
/// (option labels from the answer keys, anchors, the appendix's chapter answers) resolved once, not on every
/// render, and Views' tests build pages from literals without parsing a course.
public struct CoursePages: Sendable {
    /// The language, strings and outline every page of this language shares.
    public let context: PageContext
    /// `/{lang}/`: the table of contents.
    public let home: RenderedPage
    /// `/{lang}/chapters/{n}` by chapter number.
    public let chapters: [Int: RenderedPage]
    /// `/{lang}/appendix`, every chapter's answers behind its reveal form.
    public let appendix: RenderedPage
    /// `/{lang}/practice`: the case study and its quiz.
    public let practice: RenderedPage
    /// The chapters as rendered, for the parallel view.
    public let chapterContents: [Int: ChapterContent]

    /// Renders the home, chapter, appendix and practice pages of `course`.
    ///
    /// - Parameters:
    ///   - languages: every course language, for the switcher (the library's order).
    ///   - answerKeys: gives choice and yes/no questions their radio buttons; `nil` renders every question open.
    public init(
        course: LanguageCourse, strings: UIStrings, languages: [Language], answerKeys: AnswerKeyBook?,
        assetVersion: String? = nil
    ) {
        let code = course.language.code
        let context = PageContext(
            language: PageLanguage(course.language), strings: strings, languages: languages.map(PageLanguage.init),
            outline: CourseOutline(course), assetVersion: assetVersion
        )
        self.context = context
        let introduction = course.introduction.map(\.text) + [course.readingGuide.text]
        home = HomePage(introduction: introduction, context: context).render()
        var contents: [Int: ChapterContent] = [:]
        var pages: [Int: RenderedPage] = [:]
        for chapter in course.chapters {
            let content = ChapterContent(chapter, language: code, answerKeys: answerKeys)
            contents[chapter.number] = content
            pages[chapter.number] = ChapterPage(chapter: content, context: context).render()
        }
        chapterContents = contents
        chapters = pages
        appendix = SectionPage(
            section: .appendix, content: SectionContent(course.appendix, chapters: course.chapters), context: context
        ).render()
        practice = SectionPage(
            section: .practice, content: SectionContent(course.practice, language: code, answerKeys: answerKeys),
            context: context
        ).render()
    }

    /// The pre-rendered page of `section`, or `nil` for a chapter that does not exist.
    public func page(for section: CourseSection) -> RenderedPage? {
        switch section {
        case .chapter(let number): return chapters[number]
        case .appendix: return appendix
        case .practice: return practice
        }
    }

    /// `/{lang}/chapters/{n}?with={other}`, rendered on demand (App may cache it); `nil` when either
    /// language lacks the chapter.
    public func parallel(chapter number: Int, with other: CoursePages) -> [UInt8]? {
        guard let mine = chapterContents[number], let theirs = other.chapterContents[number] else { return nil }
        return ParallelPage(primary: mine, context: context, secondary: theirs, secondaryContext: other.context)
            .render()
    }
}
