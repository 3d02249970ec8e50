/// A sub-section of the appendix, recognised by its heading in the language's vocabulary.
public struct AppendixSection: Sendable, Equatable, Codable {
    /// What the sub-section holds; the same in every language.
    public enum Role: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
        case threeLayers, availability, redFlags, postures, answers, officialEntries
    }

    public let role: Role
    /// The heading line.
    public let title: String
    /// An id that is the same in every language, e.g. `appendix-redFlags`.
    public let anchor: String
    /// The 1-based line of the heading.
    public let line: Int
    /// The blocks under the heading; for `answers`, one paragraph per reference answer.
    public let blocks: [Block]

    public init(role: Role, title: String, anchor: String, line: Int, blocks: [Block]) {
        self.role = role
        self.title = title
        self.anchor = anchor
        self.line = line
        self.blocks = blocks
    }
}
