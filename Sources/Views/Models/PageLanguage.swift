/// A course language as pages show it: its URL code, its BCP 47 tag and its own name ("繁體中文", not "Chinese").
public struct PageLanguage: Sendable, Hashable {
    /// The code in URLs, e.g. `zh-Hant`.
    public let code: String
    /// The BCP 47 tag for `lang` and `hreflang` attributes.
    public let tag: String
    /// The language's name in itself, for the language switcher.
    public let name: String

    /// A language; `tag` defaults to `code`.
    public init(code: String, tag: String? = nil, name: String) {
        self.code = code
        self.tag = tag ?? code
        self.name = name
    }
}
