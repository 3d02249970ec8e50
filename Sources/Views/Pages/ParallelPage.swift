/// `/{lang}/chapters/{n}?with={other}`: two languages block against block.
///
/// Each pair of blocks is one grid row whose two cells carry their own `lang`; wide screens show the cells
/// side by side, narrow ones stack them, which interleaves the languages pair by pair. Identical code blocks
/// (code is the same in every language) are shown once across both columns. Nothing per learner: no slots.
public struct ParallelPage: Sendable {
    /// The chapter in the page's language (the left column).
    public var primary: ChapterContent
    /// The page's language, strings and outline.
    public var context: PageContext
    /// The same chapter in the other language (the right column).
    public var secondary: ChapterContent
    /// The other language's strings and outline.
    public var secondaryContext: PageContext

    /// A page pairing `primary` with `secondary`.
    public init(primary: ChapterContent, context: PageContext, secondary: ChapterContent, secondaryContext: PageContext)
    {
        self.primary = primary
        self.context = context
        self.secondary = secondary
        self.secondaryContext = secondaryContext
    }

    /// The finished page; nothing in it depends on the reader.
    public func render() -> [UInt8] {
        let section = CourseSection.chapter(primary.number)
        let other = secondaryContext.language
        let current = context.language
        let shell = PageShell(
            context: context,
            title: context.strings.chapterLabel(primary.number) + " · " + primary.title + " — " + current.name + " · "
                + other.name,
            languagePath: { language in
                let partner = language == other ? current : other
                return section.path(in: language.code) + "?with=" + URLPath.query(partner.code)
            },
            hasAlternates: false,
            bodyClass: "page-parallel"
        )
        let nodes = shell.document {
            Node.article(.class("parallel")) {
                pair(cellClass: "parallel-header") { context, chapter in
                    Node.p(.class("article-label")) { context.strings.chapterLabel(chapter.number) }
                    Node.h1 { chapter.title }
                    Node.p(.class("lead")) { chapter.lead }
                }
                rows()
                questions()
            }
            Node.nav(.class("parallel-exit"), .aria("label", context.strings.parallelBack)) {
                Node.ul {
                    Node.li { Node.a(.href(section.path(in: current.code))) { context.strings.parallelBack } }
                    Node.li {
                        Node.a(.href(section.path(in: current.code) + "#checkpoint")) { context.strings.parallelAnswer }
                    }
                }
            }
            Pager(context: context, current: section, query: "?with=" + URLPath.query(other.code)).node()
        }
        return HTMLRenderer.bytes(nodes)
    }

    private func rows() -> [Node] {
        let left = BlockRenderer(strings: context.strings, withAnchors: false)
        let right = BlockRenderer(strings: secondaryContext.strings, withAnchors: false)
        var nodes: [Node] = []
        for index in 0..<max(primary.blocks.count, secondary.blocks.count) {
            let mine = index < primary.blocks.count ? primary.blocks[index] : nil
            let theirs = index < secondary.blocks.count ? secondary.blocks[index] : nil
            let anchor = mine?.anchor ?? theirs?.anchor ?? ""
            if let mine, let theirs, mine.kind == .code, theirs.kind == .code, mine.codeLines == theirs.codeLines {
                nodes.append(.div(.class("pair pair-shared"), .when(!anchor.isEmpty, .id(anchor))) { left.node(mine) })
                continue
            }
            nodes.append(
                .div(.class("pair"), .when(!anchor.isEmpty, .id(anchor))) {
                    Node.div(.class("cell"), .lang(context.language.tag)) { mine.map { left.node($0) } ?? .empty }
                    Node.div(.class("cell"), .lang(secondaryContext.language.tag)) {
                        theirs.map { right.node($0) } ?? .empty
                    }
                }
            )
        }
        return nodes
    }

    private func questions() -> Node {
        guard !primary.questions.isEmpty else { return .empty }
        return .section(.class("parallel-questions"), .aria("labelledby", "parallel-checkpoint")) {
            pair(cellClass: "parallel-checkpoint-title") { context, _ in
                Node.h2(.when(context.language == self.context.language, .id("parallel-checkpoint"))) {
                    context.strings.checkpoint
                }
            }
            for index in 0..<max(primary.questions.count, secondary.questions.count) {
                pair(cellClass: "parallel-question") { context, chapter in
                    if index < chapter.questions.count {
                        Node.p {
                            Node.span(.class("question-number")) {
                                context.strings.questionLabel(chapter.questions[index].number)
                            }
                            " "
                            chapter.questions[index].prompt
                        }
                    }
                }
            }
        }
    }

    /// One row: the same content built for each language, in a cell carrying that language's `lang`.
    private func pair(cellClass: String, @NodeBuilder _ cell: (PageContext, ChapterContent) -> [Node]) -> Node {
        .div(.class("pair")) {
            Node.div(.class("cell " + cellClass), .lang(context.language.tag)) { cell(context, primary) }
            Node.div(.class("cell " + cellClass), .lang(secondaryContext.language.tag)) {
                cell(secondaryContext, secondary)
            }
        }
    }
}
