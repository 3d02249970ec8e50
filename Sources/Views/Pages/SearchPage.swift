import Foundation

/// `/{lang}/search?q=…`: the query form and the ranked results with their snippets, each linking to the
/// matching block's anchor. Rendered per request; everything, the query included, is escaped.
public struct SearchPage: Sendable {
    public var query: String
    public var hits: [SearchHit]
    public var context: PageContext

    public init(query: String, hits: [SearchHit], context: PageContext) {
        self.query = query
        self.hits = hits
        self.context = context
    }

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
        if hits.isEmpty {
            return .p(.class("search-status")) { UIStrings.fill(strings.searchNoResults, ["query": query]) }
        }
        return .fragment([
            .p(.class("search-status")) { UIStrings.fill(strings.searchResultCount, ["count": String(hits.count)]) },
            .ol(.class("search-results")) {
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
        ])
    }

    private func href(_ hit: SearchHit) -> String {
        let path = hit.section.path(in: context.language.code)
        guard let anchor = hit.anchor, !anchor.isEmpty else { return path }
        return path + "#" + URLPath.segment(anchor)
    }
}
