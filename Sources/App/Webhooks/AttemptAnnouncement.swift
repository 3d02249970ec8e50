import Views

/// What an attempt announces, decided inside the attempt's transaction from the facts after it:
/// `attempt.graded` always, `learner.completed` when this attempt passed the learner's last required
/// question, and the xAPI statement when a learning record store is configured.
///
/// Pure: the attempt store gives it the stored attempt and the learner's facts, and writes what it returns
/// to the outbox in the same transaction.
struct AttemptAnnouncement: Sendable {
    /// The questions the learner must pass to complete under a plan (their cohort's, else the default: every
    /// chapter and the practice). The store reads the plan in the attempt's transaction, and only when something
    /// is announced, so an attempt costs no read of the learner's cohort before its write.
    var requiredQuestions: @Sendable (CohortPlan) -> Set<String>
    var policy: ScoringPolicy
    /// The Folio origin (`--public-url`, else the listening address): the xAPI account's home page.
    var origin: String
    /// Whether statements are pushed to a learning record store (`--xapi-endpoint`).
    var pushesStatements: Bool

    /// Who the attempt belongs to, as the payloads name them.
    struct LearnerFacts: Sendable {
        var id: Int64
        var displayName: String
        var cohortID: Int64?
        /// Their cohort's plan; the default plan without a cohort.
        var plan = CohortPlan()
    }

    /// The messages for `attempt`, given the learner's facts on its question before it and on every
    /// question after it.
    func messages(
        for attempt: Attempt, learner: LearnerFacts, before: QuestionTries?, after: [String: QuestionTries]
    ) -> [OutboxMessage] {
        let passedNow = after[attempt.questionID].map(policy.passed) ?? false
        var messages = [
            OutboxMessage(
                audience: .subscribers(.attemptGraded),
                payload: Self.envelope(
                    .attemptGraded, at: attempt.createdAt,
                    data: [
                        "attempt_id": .int(attempt.id), "learner": Self.learner(learner),
                        "question": .string(attempt.questionID), "section": .string(attempt.section.name),
                        "language": .string(attempt.language), "verdict": .string(attempt.verdict.rawValue),
                        "score": .double(attempt.score), "passed": .bool(passedNow),
                    ]))
        ]
        let passedBefore = before.map(policy.passed) ?? false
        let required = passedNow && !passedBefore ? requiredQuestions(learner.plan) : []
        if required.contains(attempt.questionID), passedNow, !passedBefore,
            required.allSatisfy({ after[$0].map(policy.passed) ?? false })
        {
            messages.append(
                OutboxMessage(
                    audience: .subscribers(.learnerCompleted),
                    payload: Self.envelope(
                        .learnerCompleted, at: attempt.createdAt,
                        data: [
                            "learner": Self.learner(learner),
                            "completed_at": .string(WallClock.iso8601(attempt.createdAt)),
                            "required_questions": .int(Int64(required.count)),
                        ])))
        }
        if pushesStatements {
            messages.append(
                OutboxMessage(audience: .recordStore, payload: XAPIStatement.make(attempt, origin: origin).text))
        }
        return messages
    }

    /// The Standard Webhooks payload shape: `type`, `timestamp` and the event's `data`.
    static func envelope(_ event: WebhookEvent, at milliseconds: Int64, data: JSONValue) -> String {
        let body: JSONValue = [
            "type": .string(event.rawValue), "timestamp": .string(WallClock.iso8601(milliseconds)), "data": data,
        ]
        return body.text
    }

    /// The learner as payloads name them: id, display name and cohort.
    static func learner(_ facts: LearnerFacts) -> JSONValue {
        ["id": .int(facts.id), "display_name": .string(facts.displayName), "cohort": .intOrNull(facts.cohortID)]
    }
}
