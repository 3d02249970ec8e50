/// A checkpoint question, answered by the learner in free text.
public struct Question: Sendable, Equatable, Hashable, Codable {
    /// The stable id shared by every language: `ch{N}-q{n}` or `practice-q{n}`.
    public let id: String
    /// The number printed before the question, from 1.
    public let number: Int
    /// The question text without its number.
    public let prompt: String
    /// The 1-based line of the question in its document.
    public let line: Int

    public init(id: String, number: Int, prompt: String, line: Int) {
        self.id = id
        self.number = number
        self.prompt = prompt
        self.line = line
    }
}
