/// One ranked search result: where it is and a snippet with the matches marked.
public struct SearchHit: Sendable {
    public var section: CourseSection
    /// The anchor of the matching block, so the link lands on it.
    public var anchor: String?
    public var snippet: Snippet

    public init(section: CourseSection, anchor: String?, snippet: Snippet) {
        self.section = section
        self.anchor = anchor
        self.snippet = snippet
    }
}
