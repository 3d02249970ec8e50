/// A per-learner hole in a pre-rendered page, filled from `LearnerState` when the page is served.
enum Slot: Hashable, Sendable {
    /// The progress mark of a chapter, the appendix or the practice (table of contents, home list).
    case mark(CourseSection)
    /// The home page's "continue where you left off" link.
    case continueReading
    /// The result region of a question (after a form POST without JavaScript).
    case result(questionID: String)
    /// A question's text box: empty, or (after an answer the server refused) holding what was typed, focused
    /// and marked invalid. `required` when the question has no options.
    case answerInput(questionID: String, required: Bool)
    /// The earlier attempts of a question.
    case attempts(questionID: String)
    /// A question's "Show the answer" form, replaced by its reference answer once the learner has it.
    case reveal(questionID: String)
    /// A chapter's answer paragraph in the appendix (its anchor and text), a placeholder until earned.
    case chapterAnswer(chapter: Int, anchor: String, text: String)
    /// The end of a chapter: "mark as read" until the learner has read it, then a line saying so.
    case readState(CourseSection)
}
