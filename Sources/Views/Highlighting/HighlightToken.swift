/// A run of Swift source with its syntax class; `kind == nil` is plain text (identifiers, operators, spaces).
public struct HighlightToken: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        case keyword, type, string, number, comment, attribute, directive

        /// The CSS class in `folio.css`.
        var cssClass: String { "hl-" + rawValue }
    }

    public var kind: Kind?
    public var text: String

    public init(_ kind: Kind?, _ text: String) {
        self.kind = kind
        self.text = text
    }

    public var description: String { "\(kind?.rawValue ?? "plain")(\(text))" }
}
