/// A checkpoint question as the pages render it: prompt, kind and, for choice and yes/no questions, the options.
public struct QuestionContent: Sendable {
    /// How the question is answered: free text, one option, yes/no or a number.
    public enum Kind: String, Sendable {
        case open, choice, boolean, number
    }

    /// The stable id, e.g. `ch3-q2` or `practice-q1`; the same in every language.
    public var id: String
    /// The question's number within its section, as shown.
    public var number: Int
    /// The question's text in the page's language.
    public var prompt: String
    /// How the question is answered, which picks its form controls.
    public var kind: Kind
    /// The options offered as radio buttons (choice and boolean questions); empty otherwise.
    public var options: [AnswerOption]

    /// A question from its parts; open with no options unless told.
    public init(id: String, number: Int, prompt: String, kind: Kind = .open, options: [AnswerOption] = []) {
        self.id = id
        self.number = number
        self.prompt = prompt
        self.kind = kind
        self.options = options
    }
}
