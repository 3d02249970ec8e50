/// One ranked search result: where it is and a snippet with the matches marked.
public struct SearchHit: Sendable {
    /// The section the match is in, which the result links to.
    public var section: CourseSection
    /// The anchor of the matching block, so the link lands on it.
    public var anchor: String?
    /// The text around the match, with the matched words marked.
    public var snippet: Snippet

    /// A hit from its parts, as App's search index returns them.
    public init(section: CourseSection, anchor: String?, snippet: Snippet) {
        self.section = section
        self.anchor = anchor
        self.snippet = snippet
    }
}
