/// Finds learners whose cohort's due date passed before they completed its plan and records one
/// `cohort.overdue` event for each (once per learner and cohort), for the outbox worker to deliver.
struct OverdueCheck: Sendable {
    let cohorts: any CohortStoring
    let outbox: any OutboxStoring
    let content: ContentHost
    let policy: ScoringPolicy

    /// Runs one check at `now` (Unix ms); returns how many events it recorded.
    @discardableResult
    func run(now: Int64 = WallClock.nowMilliseconds()) async throws -> Int {
        var recorded = 0
        for cohort in try await cohorts.all() where cohort.plan.isPastDue(now: now) {
            let noticed = try await outbox.overdueLearners(cohortID: cohort.id)
            let report = try await CohortReport.load(
                cohort, from: cohorts, snapshot: content.snapshot, policy: policy, now: now)
            for member in report.members where member.status.state == .overdue && !noticed.contains(member.learner.id) {
                let message = OutboxMessage(
                    audience: .subscribers(.cohortOverdue), payload: Self.payload(cohort, member, at: now))
                if try await outbox.recordOverdue(
                    cohortID: cohort.id, learnerID: member.learner.id, message: message, at: now)
                {
                    recorded += 1
                }
            }
        }
        return recorded
    }

    /// The event: the cohort with its due date, the learner, and how far they got.
    static func payload(_ cohort: Cohort, _ member: CohortReport.Member, at now: Int64) -> String {
        AttemptAnnouncement.envelope(
            .cohortOverdue, at: now,
            data: [
                "cohort": [
                    "id": .int(cohort.id), "name": .string(cohort.name),
                    "due_date": .stringOrNull(cohort.plan.dueDate?.text),
                ],
                "learner": AttemptAnnouncement.learner(
                    .init(id: member.learner.id, displayName: member.learner.displayName, cohortID: cohort.id)),
                "completion": .double(member.status.completion),
            ])
    }
}
