/// The admin console's frame (`/admin…`): the same stylesheet and escaping, a header with the console's links,
/// and whatever body App composes from `AdminTable`, `AdminForm` and the `Node` builders.
///
/// Admin words come from App (the console has its own language, `language`), not from `UIStrings`.
public struct AdminPage: Sendable {
    /// The document title, also the page's `<h1>`.
    public var title: String
    /// The BCP 47 tag of the console's words.
    public var language: String
    /// Header links, e.g. `("Content", "/admin")`, `("Cohorts", "/admin/cohorts")`.
    public var navigation: [(label: String, href: String)]
    /// The page's content below the header.
    public var body: [Node]
    /// Appended to the stylesheet URL as `?v=`, like the learner pages.
    public var assetVersion: String?

    /// A console page from its parts.
    public init(
        title: String,
        language: String = "en",
        navigation: [(label: String, href: String)],
        assetVersion: String? = nil,
        @NodeBuilder body: () -> [Node]
    ) {
        self.title = title
        self.language = language
        self.navigation = navigation
        self.assetVersion = assetVersion
        self.body = body()
    }

    /// The complete HTML document, UTF-8.
    public func render() -> [UInt8] {
        let version = assetVersion.map { "?v=" + URLPath.query($0) } ?? ""
        let nodes: [Node] = [
            .trustedUnescapedHTML("<!doctype html>\n"),
            .html(.lang(language)) {
                Node.head {
                    Node.meta(Attribute("charset", "utf-8"))
                    Node.meta(.name("viewport"), Attribute("content", "width=device-width, initial-scale=1"))
                    Node.meta(.name("color-scheme"), Attribute("content", "light dark"))
                    Node.meta(.name("robots"), Attribute("content", "noindex"))
                    Node.title { title }
                    Node.link(Attribute("rel", "icon"), .href("/static/favicon.svg" + version), .type("image/svg+xml"))
                    Node.link(Attribute("rel", "stylesheet"), .href("/static/folio.css" + version))
                    // Progressive enhancement only (copy buttons); every console page works without it.
                    Node.script(Attribute("src", "/static/admin.js" + version), Attribute("defer", nil))
                }
                Node.body(.class("page-admin")) {
                    Node.header(.class("site-header")) {
                        Node.a(.class("brand"), .href("/admin")) {
                            Node.span(.class("brand-mark"), .aria("hidden", "true"))
                            Node.span(.class("brand-title")) { "Folio admin" }
                        }
                        Node.nav(.class("site-nav"), .aria("label", "Admin")) {
                            Node.ul {
                                for link in navigation {
                                    Node.li { Node.a(.href(link.href)) { link.label } }
                                }
                            }
                        }
                    }
                    Node.div(.class("page")) {
                        Node.main(.id("main"), .class("admin-main")) {
                            Node.h1 { title }
                            body
                        }
                    }
                }
            },
        ]
        return HTMLRenderer.bytes(nodes)
    }
}
