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

    public init(
        sections: [CourseSection: SectionProgress] = [:],
        resume: ResumePoint? = nil,
        attempts: [String: [AttemptSummary]] = [:],
        results: [String: GradeResult] = [:]
    ) {
        self.sections = sections
        self.resume = resume
        self.attempts = attempts
        self.results = results
    }

    /// A learner who has done nothing yet: every slot shows its fallback.
    public static let anonymous = LearnerState()
}
