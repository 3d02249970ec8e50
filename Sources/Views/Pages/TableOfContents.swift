/// The course's table of contents: every section with its progress mark, and the current chapter's sub-headings.
struct TableOfContents {
    var context: PageContext
    var current: CourseSection?
    /// Sub-headings of the current section, linked by anchor.
    var headings: [BlockContent] = []

    func node() -> Node {
        let strings = context.strings
        return .nav(.id("toc"), .class("toc"), .aria("labelledby", "toc-title")) {
            Node.h2(.id("toc-title")) { strings.tableOfContents }
            Node.ol {
                for section in context.outline.sections {
                    entry(section)
                }
            }
        }
    }

    private func entry(_ section: CourseSection) -> Node {
        let isCurrent = section == current
        return .li(.class(isCurrent ? "toc-entry current" : "toc-entry")) {
            Node.a(.href(section.path(in: context.language.code)), .when(isCurrent, .aria("current", "page"))) {
                if case .chapter(let number) = section {
                    Node.span(.class("toc-label")) { context.strings.chapterLabel(number) }
                    " "
                }
                Node.span(.class("toc-title")) { context.outline.title(of: section) ?? "" }
            }
            Node.slot(.mark(section))
            if isCurrent && !headings.isEmpty {
                Node.ol(.class("toc-sections")) {
                    for heading in headings {
                        Node.li { Node.a(.href("#" + URLPath.segment(heading.anchor))) { heading.text } }
                    }
                }
            }
        }
    }
}
