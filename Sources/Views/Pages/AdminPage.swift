/// The admin console's frame (`/admin…`): the same stylesheet and escaping, a header with the console's links,
/// and whatever body App composes from `AdminTable`, `AdminForm` and the `Node` builders.
///
/// Admin words come from App (the console has its own language, `language`), not from `UIStrings`.
public struct AdminPage: Sendable {
    public var title: String
    /// The BCP 47 tag of the console's words.
    public var language: String
    /// Header links, e.g. `("Content", "/admin")`, `("Cohorts", "/admin/cohorts")`.
    public var navigation: [(label: String, href: String)]
    public var body: [Node]
    public var assetVersion: String?

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

/// A data table for the console: caption, column headers and rows of cells, in a scrollable region.
public struct AdminTable: Sendable {
    public var id: String
    public var caption: String
    public var columns: [String]
    public var rows: [[Node]]

    public init(id: String, caption: String, columns: [String], rows: [[Node]]) {
        self.id = id
        self.caption = caption
        self.columns = columns
        self.rows = rows
    }

    public func node() -> Node {
        .div(
            .class("table-scroll"), Attribute("tabindex", "0"), Attribute("role", "region"),
            .aria("labelledby", id + "-caption")
        ) {
            Node.table(.id(id)) {
                Node.caption(.id(id + "-caption")) { caption }
                Node.thead { Node.tr { for column in columns { Node.th(Attribute("scope", "col")) { column } } } }
                Node.tbody {
                    for row in rows {
                        Node.tr { for cell in row { Node.td { cell } } }
                    }
                }
            }
        }
    }
}

/// A POST form for the console, always carrying the CSRF token as the hidden field `csrf`.
public struct AdminForm: Sendable {
    /// One labelled control.
    public struct Field: Sendable {
        public enum Control: Sendable {
            case text, password, number
            /// A select with `(value, label)` options.
            case select([(value: String, label: String)])
        }

        public var name: String
        public var label: String
        public var control: Control
        public var value: String
        public var required: Bool

        public init(name: String, label: String, control: Control = .text, value: String = "", required: Bool = false) {
            self.name = name
            self.label = label
            self.control = control
            self.value = value
            self.required = required
        }
    }

    public var id: String
    public var action: String
    public var csrfToken: String
    public var fields: [Field]
    public var submitLabel: String

    public init(id: String, action: String, csrfToken: String, fields: [Field], submitLabel: String) {
        self.id = id
        self.action = action
        self.csrfToken = csrfToken
        self.fields = fields
        self.submitLabel = submitLabel
    }

    public func node() -> Node {
        .form(.id(id), .class("admin-form"), Attribute("method", "post"), Attribute("action", action)) {
            Node.input(.type("hidden"), .name("csrf"), .value(csrfToken))
            for field in fields {
                let controlID = id + "-" + field.name
                Node.div(.class("admin-field")) {
                    Node.label(.for(controlID)) { field.label }
                    control(field, id: controlID)
                }
            }
            Node.button(.type("submit")) { submitLabel }
        }
    }

    private func control(_ field: Field, id: String) -> Node {
        switch field.control {
        case .text, .password, .number:
            let type: String
            switch field.control {
            case .password: type = "password"
            case .number: type = "number"
            default: type = "text"
            }
            return .input(
                .type(type), .id(id), .name(field.name), .value(field.value), .when(field.required, .required))
        case .select(let options):
            return .element("select", [.id(id), .name(field.name), .when(field.required, .required)]) {
                for option in options {
                    Node.element(
                        "option",
                        [.value(option.value), .when(option.value == field.value, Attribute("selected", nil))]
                    ) {
                        option.label
                    }
                }
            }
        }
    }
}
