/// The frame every learner page shares: head, skip link, header with progress, language menu and search,
/// the main landmark, an optional table of contents beside it, and the script.
struct PageShell {
    var context: PageContext
    /// The `<title>` text.
    var title: String
    /// Where each language's switcher link leads (the same page in that language).
    var languagePath: (PageLanguage) -> String
    /// Adds `<link rel=alternate hreflang>` for the other languages (pages that exist in every language).
    var hasAlternates = true
    var showsSearch = true
    /// A class on `<body>` selecting a layout variant, e.g. `page-parallel`.
    var bodyClass = "page-default"

    /// The whole document: `<!doctype html>` and `<html lang>` around `main`, with `toc` beside it when given.
    func document(toc: Node? = nil, @NodeBuilder main: () -> [Node]) -> [Node] {
        let strings = context.strings
        let mainContent = main()
        return [
            .trustedUnescapedHTML("<!doctype html>\n"),
            .html(.lang(context.language.tag)) {
                head()
                Node.body(.class(bodyClass + (toc == nil ? "" : " has-toc"))) {
                    Node.a(.class("skip-link"), .href("#main")) { strings.skipToContent }
                    header(hasToc: toc != nil)
                    Node.div(.class("page")) {
                        Node.main(.id("main"), Attribute("tabindex", "-1")) { mainContent }
                        if let toc { toc }
                    }
                }
            },
        ]
    }

    private func head() -> Node {
        .head {
            Node.meta(Attribute("charset", "utf-8"))
            Node.meta(.name("viewport"), Attribute("content", "width=device-width, initial-scale=1"))
            Node.meta(.name("color-scheme"), Attribute("content", "light dark"))
            Node.title { title }
            Node.link(Attribute("rel", "icon"), .href(context.asset("favicon.svg")), .type("image/svg+xml"))
            Node.link(Attribute("rel", "stylesheet"), .href(context.asset("folio.css")))
            if hasAlternates {
                for language in context.languages where language != context.language {
                    Node.link(Attribute("rel", "alternate"), .hreflang(language.tag), .href(languagePath(language)))
                }
            }
            Node.script(Attribute("src", context.asset("folio.js")), Attribute("defer", nil))
        }
    }

    private func header(hasToc: Bool) -> Node {
        let strings = context.strings
        let code = URLPath.segment(context.language.code)
        return .header(.class("site-header")) {
            Node.a(.class("brand"), .href(context.homePath)) {
                Node.span(.class("brand-mark"), .aria("hidden", "true"))
                Node.span(.class("brand-title")) { context.outline.title }
            }
            Node.nav(.class("site-nav"), .aria("label", strings.siteNavigation)) {
                Node.ul {
                    if hasToc {
                        Node.li(.class("toc-jump")) { Node.a(.href("#toc")) { strings.tableOfContents } }
                    }
                    Node.li { Node.a(.href("/\(code)/progress")) { strings.progress } }
                    if showsSearch {
                        Node.li(.class("search-link")) { Node.a(.href("/\(code)/search")) { strings.search } }
                    }
                }
            }
            languageMenu()
            if showsSearch {
                Node.form(.class("site-search"), Attribute("role", "search"), Attribute("action", "/\(code)/search")) {
                    Node.input(.type("search"), .id("site-search-q"), .name("q"), .aria("label", strings.searchLabel))
                    Node.button(.type("submit")) { strings.search }
                }
            }
        }
    }

    /// The other languages behind one compact control: a `<details>` menu, so it opens without JavaScript and
    /// takes one line of the header on a phone instead of a row of five names.
    private func languageMenu() -> Node {
        .details(.class("language-menu")) {
            Node.summary {
                Node.span(.class("visually-hidden")) { context.strings.languages + ": " }
                Node.span(.lang(context.language.tag)) { context.language.name }
            }
            Node.nav(.class("languages"), .aria("label", context.strings.languages)) {
                Node.ul {
                    for language in context.languages {
                        Node.li {
                            Node.a(
                                .href(languagePath(language)),
                                .lang(language.tag),
                                .hreflang(language.tag),
                                .when(language == context.language, .aria("current", "page")),
                                .data("switch-language", "")
                            ) { language.name }
                        }
                    }
                }
            }
        }
    }
}
