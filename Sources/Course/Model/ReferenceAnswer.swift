/// The reference answer paragraph to a chapter's (or the case study's) checkpoint questions.
public struct ReferenceAnswer: Sendable, Equatable, Hashable, Codable {
    /// The label that opens the paragraph, e.g. `Capitolo 3.` or `Risposte.`.
    public let label: String
    /// The answer text after the label.
    public let text: String
    /// The 1-based line of the paragraph in its document.
    public let line: Int

    public init(label: String, text: String, line: Int) {
        self.label = label
        self.text = text
        self.line = line
    }
}
