/// The events a webhook can subscribe to, named as the `type` of their payload.
enum WebhookEvent: String, Sendable, CaseIterable, Equatable {
    /// A learner passed every question their cohort's plan requires (every question without a cohort plan).
    case learnerCompleted = "learner.completed"
    /// An attempt was graded and stored.
    case attemptGraded = "attempt.graded"
    /// A cohort's due date passed before one of its learners completed; sent once per learner and cohort.
    case cohortOverdue = "cohort.overdue"
}
