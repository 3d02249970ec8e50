import Views

/// Attempts, reveals and section reads: what a learner did, and the per-question facts kept with it.
///
/// Writes return only after their transaction committed: an attempt is acknowledged once durable.
/// `progressRecords` and `latestAttempts` are synchronous because the learner's pages are filled on the
/// event loop (see `PageRoutes.section`): two indexed reads cost less than handing the request to a task.
protocol AttemptStoring: Sendable {
    /// Stores an attempt durably, creating the learner when `reference` asks to, and returns it with the
    /// learner's facts on the question after it.
    func record(_ attempt: NewAttempt, by reference: LearnerReference) async throws(StoreError) -> RecordedAttempt

    /// Records that the learner asked to see the answers of `questions` (the first time is kept) and returns
    /// each question's facts after the reveal.
    func reveal(_ questions: [(id: String, section: CourseSection)], by reference: LearnerReference)
        async throws(StoreError) -> RevealedAnswers

    /// Marks a section as opened by the learner.
    func recordRead(section: CourseSection, language: String, by reference: LearnerReference)
        async throws(StoreError) -> IssuedLearner?

    /// The learner's attempts with id greater than `cursor`, oldest first, optionally on one question.
    func attempts(learnerID: Int64, after cursor: Int64, limit: Int, questionID: String?)
        async throws(StoreError) -> [Attempt]

    /// The learner's most recent attempts across every question, newest first.
    func recentAttempts(learnerID: Int64, limit: Int) async throws(StoreError) -> [Attempt]

    /// The learner's latest attempts in one section, newest first.
    func latestAttempts(learnerID: Int64, section: CourseSection, limit: Int) throws(StoreError) -> [Attempt]

    /// Per-question facts and per-section reads: the raw material of progress views.
    func progressRecords(learnerID: Int64) throws(StoreError) -> ProgressRecords
}

/// The outcome of a reveal: each question's facts after it, and the learner (created when asked).
struct RevealedAnswers: Sendable {
    var tries: [String: QuestionTries]
    var learnerID: Int64
    /// The learner created for this reveal, with its token.
    var issued: IssuedLearner?
}
