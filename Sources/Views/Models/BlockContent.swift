/// One block of course text as the pages render it; App fills it from the course model.
public struct BlockContent: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case heading, paragraph, code, bullet, numbered, note, source
    }

    public var kind: Kind
    /// The block's stable anchor, the same in every language; becomes the element's `id`.
    public var anchor: String
    /// The text of a heading, paragraph, numbered item, note or source line (a bullet's full text).
    public var text: String
    /// A bullet's term (the words before the first full stop), when it has one.
    public var term: String?
    /// A bullet's body without its "when to use" parts.
    public var body: String?
    public var whenToUse: String?
    public var whenNotToUse: String?
    /// A code block's lines, exactly as written.
    public var codeLines: [String]
    /// A numbered item's number, when the document gives one.
    public var number: Int?
    /// For the appendix's reference answer paragraphs: the chapter they answer (shown only once earned).
    public var answerChapter: Int?

    public init(
        kind: Kind,
        anchor: String,
        text: String = "",
        term: String? = nil,
        body: String? = nil,
        whenToUse: String? = nil,
        whenNotToUse: String? = nil,
        codeLines: [String] = [],
        number: Int? = nil,
        answerChapter: Int? = nil
    ) {
        self.kind = kind
        self.anchor = anchor
        self.text = text
        self.term = term
        self.body = body
        self.whenToUse = whenToUse
        self.whenNotToUse = whenNotToUse
        self.codeLines = codeLines
        self.number = number
        self.answerChapter = answerChapter
    }
}
