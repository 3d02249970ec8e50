/// One graded answer to a checkpoint question, kept forever.
public struct Attempt: Sendable, Equatable {
    public var id: Int64
    public var learnerID: Int64
    public var questionID: String
    /// `ch0`…`ch11` or `practice`: progress is language-neutral.
    public var section: String
    public var language: String
    public var answer: String
    public var choice: String?
    public var verdict: String
    public var score: Double
    public var contentVersionID: Int64?
    /// Fingerprint of the question, its key and reference when graded; differs after the question changed.
    public var questionHash: String
    public var createdAt: Int64
}

/// What the attempt route asks the store to keep.
public struct NewAttempt: Sendable {
    public var questionID: String
    public var section: String
    public var language: String
    public var answer: String
    public var choice: String?
    public var verdict: String
    public var score: Double
    public var contentVersionID: Int64?
    public var questionHash: String

    public init(
        questionID: String, section: String, language: String, answer: String, choice: String?, verdict: String,
        score: Double, contentVersionID: Int64?, questionHash: String
    ) {
        self.questionID = questionID
        self.section = section
        self.language = language
        self.answer = answer
        self.choice = choice
        self.verdict = verdict
        self.score = score
        self.contentVersionID = contentVersionID
        self.questionHash = questionHash
    }
}

/// Who an attempt or a read belongs to: a known learner, or one to create in the same transaction.
public enum LearnerReference: Sendable {
    case existing(Int64)
    case create(language: String)
}
