/// What one learner has done, language-neutral; fills the slots of pre-rendered pages.
public struct LearnerState: Sendable {
    /// Progress per section; a section missing here shows as not started.
    public var sections: [CourseSection: SectionProgress]
    /// Where "continue where you left off" leads.
    public var resume: ResumePoint?
    /// Earlier attempts per question id, newest first.
    public var attempts: [String: [AttemptSummary]]
    /// Results to show in a question's result region now (the no-JavaScript POST/redirect flow).
    public var results: [String: GradeResult]
    /// Reference answers the reader has earned or asked for, by question id (shown instead of the reveal form).
    public var references: [String: String]
    /// Chapters whose answer paragraph the appendix shows.
    public var shownAnswers: Set<Int>
    /// The site never shows answers (`--reveal never`): no reveal forms.
    public var revealDisabled: Bool
    /// Answers the server refused (the no-JavaScript form), by question id: shown again with the reason.
    public var drafts: [String: AnswerDraft]

    public init(
        sections: [CourseSection: SectionProgress] = [:],
        resume: ResumePoint? = nil,
        attempts: [String: [AttemptSummary]] = [:],
        results: [String: GradeResult] = [:],
        references: [String: String] = [:],
        shownAnswers: Set<Int> = [],
        revealDisabled: Bool = false
    ) {
        self.sections = sections
        self.resume = resume
        self.attempts = attempts
        self.results = results
        self.references = references
        self.shownAnswers = shownAnswers
        self.revealDisabled = revealDisabled
        self.drafts = [:]
    }

    /// A learner who has done nothing yet: every slot shows its fallback.
    public static let anonymous = LearnerState()
}
