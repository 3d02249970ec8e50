/// `/{lang}/`: the course title, the "start"/"continue" link, introduction, reading guide and the list of sections with
/// their progress. Rendered once per language; the marks and the continue link are slots.
public struct HomePage: Sendable {
    /// The introduction's paragraphs (the introduction, then the reading guide).
    public var introduction: [String]
    public var context: PageContext

    public init(introduction: [String], context: PageContext) {
        self.introduction = introduction
        self.context = context
    }

    public func render() -> RenderedPage {
        let strings = context.strings
        let language = context.language.code
        let shell = PageShell(
            context: context, title: context.outline.title, languagePath: { "/" + URLPath.segment($0.code) + "/" })
        let first = context.outline.sections.first
        let nodes = shell.document {
            Node.div(.class("home")) {
                Node.h1 { context.outline.title }
                // Before the introduction, so that on a phone the way in is on the first screen.
                Node.p(.class("continue")) {
                    Node.slot(.continueReading) {
                        if let first {
                            Node.a(.class("continue-link"), .href(first.path(in: language))) { strings.startReading }
                        }
                    }
                }
                for paragraph in introduction {
                    Node.p(.class("introduction")) { paragraph }
                }
                Node.h2(.id("chapters-title")) { strings.chapters }
                Node.ol(.class("chapter-list"), .aria("labelledby", "chapters-title")) {
                    for section in context.outline.sections {
                        Node.li(.class("chapter-item")) {
                            Node.a(.href(section.path(in: language))) {
                                if case .chapter(let number) = section {
                                    Node.span(.class("chapter-item-label")) { strings.chapterLabel(number) }
                                    " "
                                }
                                Node.span(.class("chapter-item-title")) { context.outline.title(of: section) ?? "" }
                            }
                            " "
                            Node.slot(.mark(section))
                        }
                    }
                }
            }
        }
        return RenderedPage(nodes: nodes, context: context)
    }
}
