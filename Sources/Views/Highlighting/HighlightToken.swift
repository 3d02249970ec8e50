/// A run of Swift source with its syntax class; `kind == nil` is plain text (identifiers, operators, spaces).
public struct HighlightToken: Sendable, Equatable, CustomStringConvertible {
    /// The syntax classes the highlighter tells apart.
    public enum Kind: String, Sendable, CaseIterable {
        case keyword, type, string, number, comment, attribute, directive

        /// The CSS class in `folio.css`.
        var cssClass: String { "hl-" + rawValue }
    }

    /// The token's class; `nil` for plain text.
    public var kind: Kind?
    /// The source text, exactly as written (escaped when rendered).
    public var text: String

    /// A token of `kind` (`nil`: plain) over `text`.
    public init(_ kind: Kind?, _ text: String) {
        self.kind = kind
        self.text = text
    }

    /// `kind(text)`, for test failure messages.
    public var description: String { "\(kind?.rawValue ?? "plain")(\(text))" }
}
