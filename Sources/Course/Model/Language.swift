/// One language of the course, as described by its vocabulary file.
public struct Language: Sendable, Equatable, Hashable, Codable {
    /// The URL and lookup code, e.g. `it` or `zh-Hant`.
    public let code: String
    /// The language's own name, e.g. `Italiano` or `繁體中文`.
    public let name: String
    /// The BCP 47 tag for `lang` attributes and `Accept-Language` matching.
    public let tag: String
    /// The position in language lists; the library is sorted by it.
    public let order: Int
    /// The document's file name inside the content directory.
    public let document: String

    public init(code: String, name: String, tag: String, order: Int, document: String) {
        self.code = code
        self.name = name
        self.tag = tag
        self.order = order
        self.document = document
    }
}
