/// The article of a chapter, the appendix or the practice: header, blocks, checkpoint, closing note and source,
/// and at a chapter's end its read state.
struct SectionArticle {
    var context: PageContext
    var section: CourseSection
    var label: String?
    var title: String
    var lead: String?
    var blocks: [BlockContent]
    var questions: [QuestionContent]

    func node() -> Node {
        let renderer = BlockRenderer(strings: context.strings, context: context)
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
            if case .chapter(let number) = section {
                Node.div(.class("chapter-end"), .id("chapter-end")) {
                    Node.slot(.readState(section)) {
                        ResultFragments(context: context).markReadForm(chapter: number)
                    }
                }
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
