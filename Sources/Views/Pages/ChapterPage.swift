/// `/{lang}/chapters/{n}`: the chapter with its checkpoint, table of contents and previous/next links.
///
/// Rendered once per language; progress marks, earlier attempts and results are slots (see `RenderedPage`).
public struct ChapterPage: Sendable {
    public var chapter: ChapterContent
    public var context: PageContext

    public init(chapter: ChapterContent, context: PageContext) {
        self.chapter = chapter
        self.context = context
    }

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

/// The article of a chapter, the appendix or the practice: header, blocks, checkpoint, closing note and source.
struct SectionArticle {
    var context: PageContext
    var section: CourseSection
    var label: String?
    var title: String
    var lead: String?
    var blocks: [BlockContent]
    var questions: [QuestionContent]

    func node() -> Node {
        let renderer = BlockRenderer(strings: context.strings)
        let (body, closing) = splitClosing(blocks)
        return .article(.class("section-article")) {
            Node.header(.class("article-header")) {
                if let label {
                    Node.p(.class("article-label")) { label }
                }
                Node.h1 { title }
                if let lead, !lead.isEmpty {
                    Node.p(.class("lead")) { lead }
                }
                if case .chapter = section {
                    parallelLinks()
                }
            }
            renderer.nodes(body)
            if !questions.isEmpty {
                Checkpoint(context: context, questions: questions).node()
            }
            if !closing.isEmpty {
                Node.footer(.class("article-footer")) { renderer.nodes(closing) }
            }
        }
    }

    /// Trailing note and source blocks, which the documents print after the checkpoint.
    private func splitClosing(_ blocks: [BlockContent]) -> (body: [BlockContent], closing: [BlockContent]) {
        var split = blocks.count
        while split > 0 && (blocks[split - 1].kind == .note || blocks[split - 1].kind == .source) {
            split -= 1
        }
        return (Array(blocks[..<split]), Array(blocks[split...]))
    }

    private func parallelLinks() -> Node {
        let others = context.languages.filter { $0 != context.language }
        let path = section.path(in: context.language.code)
        return .nav(.class("parallel-links"), .aria("label", context.strings.parallelReading)) {
            Node.span(.class("parallel-links-label"), .aria("hidden", "true")) { context.strings.parallelReading }
            " "
            Node.ul {
                for other in others {
                    Node.li {
                        Node.a(
                            .href(path + "?with=" + URLPath.query(other.code)), .lang(other.tag), .hreflang(other.tag)
                        ) {
                            other.name
                        }
                    }
                }
            }
        }
    }
}

/// Previous/next links through the sections in reading order.
struct Pager {
    var context: PageContext
    var current: CourseSection
    /// Appended to chapter links (parallel view keeps its `?with=`).
    var query = ""

    func node() -> Node {
        let sections = context.outline.sections
        guard let position = sections.firstIndex(of: current) else { return .empty }
        let previous = position > 0 ? sections[position - 1] : nil
        let next = position + 1 < sections.count ? sections[position + 1] : nil
        return .nav(.class("pager"), .aria("label", context.strings.pagerLabel)) {
            if let previous {
                link(previous, rel: "prev", label: context.strings.previous)
            }
            if let next {
                link(next, rel: "next", label: context.strings.next)
            }
        }
    }

    private func link(_ section: CourseSection, rel: String, label: String) -> Node {
        var href = section.path(in: context.language.code)
        if case .chapter = section {
            href += query
        }
        return .a(.class("pager-" + rel), Attribute("rel", rel), .href(href)) {
            Node.span(.class("pager-direction")) { label }
            " "
            Node.span(.class("pager-title")) { context.heading(of: section) }
        }
    }
}
