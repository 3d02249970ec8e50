/// A learner's progress over the whole course, for the progress page.
public struct ProgressReport: Sendable {
    /// Progress per section; sections missing here show as not started.
    public var sections: [CourseSection: SectionProgress]
    /// Overall completion 0…1, as `GET /api/v1/me/progress` reports it.
    public var overall: Double
    /// The questions answered or revealed, in course order.
    public var questions: [QuestionProgress]

    public init(sections: [CourseSection: SectionProgress], overall: Double, questions: [QuestionProgress] = []) {
        self.sections = sections
        self.overall = overall
        self.questions = questions
    }
}
