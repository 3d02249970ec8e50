/// One option of a choice or yes/no question: the value sent as `choice`, and its label in the page's language.
public struct AnswerOption: Sendable {
    public var value: String
    public var label: String

    public init(value: String, label: String) {
        self.value = value
        self.label = label
    }
}
