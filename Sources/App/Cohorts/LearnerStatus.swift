import Views

/// Where a learner stands against their cohort's plan: status, completion and when they completed it.
///
/// Pure: computed from the learner's progress (final scores and passes under the scoring policy), the plan
/// and the current time, so the cohort report, the console and the webhook events agree.
struct LearnerStatus: Sendable, Equatable {
    enum State: String, Sendable, CaseIterable {
        /// No try, reveal or read in any required section yet.
        case notStarted = "not_started"
        /// Started, not every required question passed, and not past the due date.
        case inProgress = "in_progress"
        /// Every required question passed (whenever that happened, before or after the due date).
        case completed
        /// The due date has passed without every required question passed.
        case overdue
    }

    var state: State
    /// The share of required questions passed, 0…1 (0 when nothing required has questions).
    var completion: Double
    /// When the last required question was passed (Unix ms), for completed learners only.
    var completedAt: Int64?

    /// The status from counts: `passed` of `total` required questions, the time each was passed, and whether
    /// the learner did anything in a required section.
    init(passed: Int, total: Int, passedAt: [Int64], started: Bool, plan: CohortPlan, now: Int64) {
        completion = total == 0 ? 0 : Double(min(passed, total)) / Double(total)
        let complete = total > 0 && passed >= total
        completedAt = complete ? passedAt.max() : nil
        if complete {
            state = .completed
        } else if plan.isPastDue(now: now) {
            state = .overdue
        } else if started || passed > 0 {
            state = .inProgress
        } else {
            state = .notStarted
        }
    }

    /// The status of a learner's progress against a plan at `now` (Unix ms).
    init(progress: LearnerProgress, plan: CohortPlan, now: Int64) {
        let chapters = progress.sections.compactMap { section -> Int? in
            guard case .chapter(let number) = section.section else { return nil }
            return number
        }
        let required = Set(plan.requiredSections(chapters: chapters))
        let sections = progress.sections.filter { required.contains($0.section) }
        self.init(
            passed: sections.reduce(0) { $0 + $1.questionsPassed },
            total: sections.reduce(0) { $0 + $1.questionsTotal },
            passedAt: sections.flatMap { $0.questions.values.compactMap(\.passedAt) },
            started: sections.contains { $0.read || $0.attempts > 0 || $0.revealed > 0 },
            plan: plan, now: now)
    }
}
