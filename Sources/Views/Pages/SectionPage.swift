/// `/{lang}/appendix` and `/{lang}/practice`: a titled run of blocks; the practice case study also has its
/// four questions, answered like a chapter's checkpoint.
public struct SectionPage: Sendable {
    /// Which section: `.appendix` or `.practice`.
    public var section: CourseSection
    /// The section's text and questions.
    public var content: SectionContent
    /// The language and navigation of the page.
    public var context: PageContext

    /// - Precondition: `section` is `.appendix` or `.practice`.
    public init(section: CourseSection, content: SectionContent, context: PageContext) {
        precondition(section == .appendix || section == .practice, "chapters render with ChapterPage")
        self.section = section
        self.content = content
        self.context = context
    }

    /// The page with its slots (marks, attempts, results), filled per learner.
    public func render() -> RenderedPage {
        let section = section
        let shell = PageShell(
            context: context, title: content.title + " — " + context.outline.title,
            languagePath: { section.path(in: $0.code) }
        )
        let toc = TableOfContents(
            context: context, current: section, headings: content.blocks.filter { $0.kind == .heading })
        let nodes = shell.document(toc: toc.node()) {
            SectionArticle(
                context: context, section: section, label: nil, title: content.title, lead: content.lead,
                blocks: content.blocks, questions: content.questions
            ).node()
            Pager(context: context, current: section).node()
        }
        return RenderedPage(nodes: nodes, context: context)
    }
}
