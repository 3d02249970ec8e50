/// One block of course text: a sub-heading, a paragraph, a code snippet, a list item, a note or a source line.
///
/// A struct with per-kind optional fields rather than an enum, so it encodes to the flat JSON the API serves.
public struct Block: Sendable, Equatable, Hashable, Codable {
    public enum Kind: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
        case heading, paragraph, code, bullet, numbered, note, source
    }

    public let kind: Kind
    /// An id that is the same in every language (the documents are aligned), e.g. `ch3-b12`.
    public let anchor: String
    /// The 1-based line where the block starts.
    public let line: Int
    /// The block text: the line for prose (without the `• ` or `1. ` marker), the lines joined by `\n` for code.
    public let text: String
    /// A bullet's term, the words before its first separator (`horizontalSizeClass`), when it has one.
    public let term: String?
    /// A bullet's explanation after the term, without its "when to use" parts.
    public let body: String?
    /// A bullet's "when to use" part, without its label.
    public let whenToUse: String?
    /// A bullet's "when not to use" part, without its label.
    public let whenNotToUse: String?
    /// A numbered item's number.
    public let number: Int?

    public init(
        kind: Kind, anchor: String, line: Int, text: String, term: String? = nil, body: String? = nil,
        whenToUse: String? = nil, whenNotToUse: String? = nil, number: Int? = nil
    ) {
        self.kind = kind
        self.anchor = anchor
        self.line = line
        self.text = text
        self.term = term
        self.body = body
        self.whenToUse = whenToUse
        self.whenNotToUse = whenNotToUse
        self.number = number
    }

    /// A code block's lines exactly as written (blank lines inside a snippet included).
    public var codeLines: [String] {
        kind == .code ? text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) : []
    }

    private enum CodingKeys: String, CodingKey {
        case kind = "type"
        case anchor, line, text, term, body, whenToUse, whenNotToUse, number
    }
}
