import Grading
import Views

/// One graded answer to a checkpoint question, kept forever.
struct Attempt: Sendable, Equatable {
    var id: Int64
    var learnerID: Int64
    var questionID: String
    /// A chapter or the case study: progress is language-neutral.
    var section: CourseSection
    var language: String
    var answer: String
    var choice: String?
    var verdict: Verdict
    var score: Double
    var contentVersionID: Int64?
    /// Fingerprint of the question, its key and reference when graded; differs after the question changed.
    var questionHash: String
    var createdAt: Int64
}

/// What the attempt route asks the store to keep.
struct NewAttempt: Sendable {
    var questionID: String
    var section: CourseSection
    var language: String
    var answer: String
    var choice: String?
    var verdict: Verdict
    var score: Double
    var contentVersionID: Int64?
    var questionHash: String
    /// The events to write to the outbox with the attempt; `nil` announces nothing.
    var announcement: AttemptAnnouncement?

    init(
        questionID: String, section: CourseSection, language: String, answer: String, choice: String?, verdict: Verdict,
        score: Double, contentVersionID: Int64?, questionHash: String, announcement: AttemptAnnouncement? = nil
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
        self.announcement = announcement
    }
}

/// Who an attempt or a read belongs to: a known learner, or one to create in the same transaction.
enum LearnerReference: Sendable {
    case existing(Int64)
    case create(language: String)
}
