/// One graded answer to a checkpoint question, kept forever.
struct Attempt: Sendable, Equatable {
    var id: Int64
    var learnerID: Int64
    var questionID: String
    /// `ch0`…`ch11` or `practice`: progress is language-neutral.
    var section: String
    var language: String
    var answer: String
    var choice: String?
    var verdict: String
    var score: Double
    var contentVersionID: Int64?
    /// Fingerprint of the question, its key and reference when graded; differs after the question changed.
    var questionHash: String
    var createdAt: Int64
}

/// What the attempt route asks the store to keep.
struct NewAttempt: Sendable {
    var questionID: String
    var section: String
    var language: String
    var answer: String
    var choice: String?
    var verdict: String
    var score: Double
    var contentVersionID: Int64?
    var questionHash: String

    init(
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
enum LearnerReference: Sendable {
    case existing(Int64)
    case create(language: String)
}
