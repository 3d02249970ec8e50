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
