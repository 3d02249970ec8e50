/// `/{lang}/chapters/{n}`: the chapter with its checkpoint, table of contents and previous/next links.
///
/// Rendered once per language; progress marks, earlier attempts and results are slots (see `RenderedPage`).
public struct ChapterPage: Sendable {
    /// The chapter to render.
    public var chapter: ChapterContent
    /// The language, strings and outline of the page.
    public var context: PageContext

    /// A page for `chapter` in `context`'s language.
    public init(chapter: ChapterContent, context: PageContext) {
        self.chapter = chapter
        self.context = context
    }

    /// The page, with slots for what differs per learner.
    public func render() -> RenderedPage {
        let section = CourseSection.chapter(chapter.number)
        let heading = context.strings.chapterLabel(chapter.number)
        let shell = PageShell(
            context: context,
            title: heading + " · " + chapter.title + " — " + context.outline.title,
            languagePath: { section.path(in: $0.code) }
        )
        let toc = TableOfContents(
            context: context, current: section, headings: chapter.blocks.filter { $0.kind == .heading }
        )
        let nodes = shell.document(toc: toc.node()) {
            SectionArticle(
                context: context, section: section, label: heading, title: chapter.title, lead: chapter.lead,
                blocks: chapter.blocks, questions: chapter.questions
            ).node()
            Pager(context: context, current: section).node()
        }
        return RenderedPage(nodes: nodes, context: context)
    }
}
