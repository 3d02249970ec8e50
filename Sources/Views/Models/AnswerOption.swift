/// One option of a choice or yes/no question: the value sent as `choice`, and its label in the page's language.
public struct AnswerOption: Sendable {
    /// The option's id from the answer key, posted as `choice` and stored with the attempt.
    public var value: String
    /// What the reader sees beside the radio button.
    public var label: String

    /// An option from its id and label.
    public init(value: String, label: String) {
        self.value = value
        self.label = label
    }
}
