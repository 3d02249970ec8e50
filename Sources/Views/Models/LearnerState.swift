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

/// A learner's progress in one section.
public struct SectionProgress: Sendable, Equatable {
    public var read: Bool
    public var questionsPassed: Int
    public var questionsTotal: Int
    /// Best score per question averaged over the section, 0…1, when the learner has answered anything.
    public var score: Double?

    public init(read: Bool, questionsPassed: Int, questionsTotal: Int, score: Double? = nil) {
        self.read = read
        self.questionsPassed = questionsPassed
        self.questionsTotal = questionsTotal
        self.score = score
    }

    /// Passed when every question has a correct attempt.
    public var isPassed: Bool { questionsTotal > 0 && questionsPassed >= questionsTotal }
}

/// A place to resume reading: a section and, when known, the anchor of the block last read.
public struct ResumePoint: Sendable, Equatable {
    public var section: CourseSection
    public var anchor: String?

    public init(section: CourseSection, anchor: String? = nil) {
        self.section = section
        self.anchor = anchor
    }
}
