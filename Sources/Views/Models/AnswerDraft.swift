/// An answer the server refused (an empty one, sent without JavaScript): the page comes back with the text
/// as typed, focused, and the reason beside it.
public struct AnswerDraft: Sendable, Equatable {
    /// What the learner typed (possibly only spaces).
    public var text: String
    /// Why it was refused, in the page's language.
    public var message: String

    /// A refused answer and the reason shown beside it.
    public init(text: String, message: String) {
        self.text = text
        self.message = message
    }
}
