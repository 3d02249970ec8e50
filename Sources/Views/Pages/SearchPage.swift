import Foundation

/// `/{lang}/search?q=…`: the query form and the ranked results with their snippets, each linking to the
/// matching block's anchor, and links to the previous and next pages of results (`&page=N`). Rendered per
/// request; everything, the query included, is escaped.
public struct SearchPage: Sendable {
    /// The text searched for, as typed.
    public var query: String
    /// This page's hits.
    public var hits: [SearchHit]
    /// The language, strings and outline of the page.
    public var context: PageContext
    /// How many hits the query has in all.
    public var total: Int
    /// The 1-based page shown, and how many hits a page holds.
    public var page: Int
    /// Hits per page.
    public var pageSize: Int

    /// - Parameters:
    ///   - total: every hit of the query, this page's and the others' (`hits.count` when omitted).
    ///   - page: the 1-based page `hits` are, of `pageSize` hits each.
    public init(
        query: String, hits: [SearchHit], context: PageContext, total: Int? = nil, page: Int = 1, pageSize: Int = 20
    ) {
        self.query = query
        self.hits = hits
        self.context = context
        self.total = max(total ?? hits.count, hits.count)
        self.page = max(1, page)
        self.pageSize = max(1, pageSize)
    }

    /// The finished page.
    public func render() -> [UInt8] {
        let strings = context.strings
        let query = query
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        let heading =
            trimmed.isEmpty ? strings.searchTitle : UIStrings.fill(strings.searchResultsFor, ["query": trimmed])
        let shell = PageShell(
            context: context, title: heading + " — " + context.outline.title,
            languagePath: { "/" + URLPath.segment($0.code) + "/search?q=" + URLPath.query(query) },
            hasAlternates: false, showsSearch: false
        )
        let nodes = shell.document {
            Node.h1 { heading }
            Node.form(
                .class("search-form"), Attribute("role", "search"),
                Attribute("action", "/" + URLPath.segment(context.language.code) + "/search")
            ) {
                Node.label(.for("search-q")) { strings.searchLabel }
                Node.div(.class("search-row")) {
                    Node.input(
                        .type("search"), .id("search-q"), .name("q"), .value(query)
                    )
                    Node.button(.type("submit")) { strings.search }
                }
            }
            results(trimmed)
        }
        return HTMLRenderer.bytes(nodes)
    }

    private func results(_ query: String) -> Node {
        let strings = context.strings
        if query.isEmpty {
            return .p(.class("search-status")) { strings.searchHint }
        }
        if hits.isEmpty && total == 0 {
            return .p(.class("search-status")) { UIStrings.fill(strings.searchNoResults, ["query": query]) }
        }
        let first = (page - 1) * pageSize + 1
        let status =
            total > hits.count && !hits.isEmpty
            ? UIStrings.fill(
                strings.searchResultRange,
                ["from": String(first), "to": String(first + hits.count - 1), "count": String(total)])
            : UIStrings.fill(strings.searchResultCount, ["count": String(total)])
        return .fragment([
            .p(.class("search-status")) { status },
            .ol(.class("search-results"), .when(first > 1, Attribute("start", String(first)))) {
                for hit in hits {
                    Node.li(.class("search-result")) {
                        Node.a(.class("search-result-link"), .href(href(hit))) { context.heading(of: hit.section) }
                        Node.p(.class("snippet")) {
                            for part in hit.snippet.parts {
                                if part.isMatch {
                                    Node.mark { part.text }
                                } else {
                                    part.text
                                }
                            }
                        }
                    }
                }
            },
            pager(query),
        ])
    }

    /// Links to the neighbouring pages of results, when there are any.
    private func pager(_ query: String) -> Node {
        let strings = context.strings
        let hasPrevious = page > 1
        let hasNext = page * pageSize < total
        guard hasPrevious || hasNext else { return .empty }
        let base = "/" + URLPath.segment(context.language.code) + "/search?q=" + URLPath.query(query) + "&page="
        return .nav(.class("pager search-pager"), .aria("label", strings.searchPagesLabel)) {
            if hasPrevious {
                Node.a(.class("pager-prev"), Attribute("rel", "prev"), .href(base + String(page - 1))) {
                    strings.searchPreviousPage
                }
            }
            if hasNext {
                Node.a(.class("pager-next"), Attribute("rel", "next"), .href(base + String(page + 1))) {
                    strings.searchNextPage
                }
            }
        }
    }

    private func href(_ hit: SearchHit) -> String {
        let path = hit.section.path(in: context.language.code)
        guard let anchor = hit.anchor, !anchor.isEmpty else { return path }
        return path + "#" + URLPath.segment(anchor)
    }
}
