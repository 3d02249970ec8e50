/// One option of a `choice` or `boolean` question, as the chapter JSON lists it.
public struct ChoiceOption: Sendable, Codable, Equatable {
    /// Stable id sent back as `choice` (`yes`/`no` for boolean questions).
    public let id: String
    /// The option's words in the page's language.
    public let label: String

    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }
}
