/// A checkpoint question as the pages render it: prompt, kind and, for choice and yes/no questions, the options.
public struct QuestionContent: Sendable {
    public enum Kind: String, Sendable {
        case open, choice, boolean, number
    }

    /// The stable id, e.g. `ch3-q2` or `practice-q1`; the same in every language.
    public var id: String
    public var number: Int
    public var prompt: String
    public var kind: Kind
    /// The options offered as radio buttons (choice and boolean questions); empty otherwise.
    public var options: [AnswerOption]

    public init(id: String, number: Int, prompt: String, kind: Kind = .open, options: [AnswerOption] = []) {
        self.id = id
        self.number = number
        self.prompt = prompt
        self.kind = kind
        self.options = options
    }
}
