/// A per-learner hole in a pre-rendered page, filled from `LearnerState` when the page is served.
enum Slot: Hashable, Sendable {
    /// The progress mark of a chapter, the appendix or the practice (table of contents, home list).
    case mark(CourseSection)
    /// The home page's "continue where you left off" link.
    case continueReading
    /// The result region of a question (after a form POST without JavaScript).
    case result(questionID: String)
    /// The earlier attempts of a question.
    case attempts(questionID: String)
    /// The end of a chapter: "mark as read" until the learner has read it, then a line saying so.
    case readState(CourseSection)
}
