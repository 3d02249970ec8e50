/// A learner's progress over the whole course, for the progress page.
public struct ProgressReport: Sendable {
    /// Progress per section; sections missing here show as not started.
    public var sections: [CourseSection: SectionProgress]
    /// Overall completion 0…1, as `GET /api/v1/me/progress` reports it.
    public var overall: Double
    /// The questions answered or revealed, in course order.
    public var questions: [QuestionProgress]
    /// The name of the learner's cohort, shown on the page; `nil` outside a cohort.
    public var cohortName: String?
    /// The learner has just joined `cohortName`: the page confirms it.
    public var justJoined = false

    /// A report as App computed it with the scoring policy.
    public init(sections: [CourseSection: SectionProgress], overall: Double, questions: [QuestionProgress] = []) {
        self.sections = sections
        self.overall = overall
        self.questions = questions
    }
}
