/// The appendix: comparisons, red flags, postures, official entries, and the chapters' reference answers.
public struct Appendix: Sendable, Equatable, Codable {
    /// The heading text after ` · `.
    public let title: String
    /// The heading line exactly as written.
    public let heading: String
    /// The 1-based line of the heading.
    public let line: Int
    /// The blocks between the heading and the first sub-section.
    public let blocks: [Block]
    /// The sub-sections in document order.
    public let sections: [AppendixSection]
    /// The chapters' reference answers in chapter order; also attached to each `Chapter`.
    public let answers: [ReferenceAnswer]

    public init(
        title: String, heading: String, line: Int, blocks: [Block], sections: [AppendixSection],
        answers: [ReferenceAnswer]
    ) {
        self.title = title
        self.heading = heading
        self.line = line
        self.blocks = blocks
        self.sections = sections
        self.answers = answers
    }

    /// The sub-section with `role`.
    public func section(_ role: AppendixSection.Role) -> AppendixSection? {
        sections.first { $0.role == role }
    }
}
