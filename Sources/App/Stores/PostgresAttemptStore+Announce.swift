import PostgreSQL

extension PostgresAttemptStore {
    /// Writes the attempt's events to the outbox in its transaction: they commit, or roll back, with it.
    ///
    /// `hasWebhooks` was read in the attempt's own statement: without webhooks or statements nothing is queued.
    static func announce(
        _ attempt: Attempt, before: QuestionTries?, _ announcement: AttemptAnnouncement, hasWebhooks: Bool,
        at now: Int64, _ connection: Connection
    ) throws {
        guard announcement.pushesStatements || hasWebhooks else { return }
        guard
            let row = try connection.queryOne(
                """
                SELECT l.display_name, l.cohort_id, c.due_date, c.required FROM learners l
                LEFT JOIN cohorts c ON c.id = l.cohort_id WHERE l.id = $1
                """,
                [attempt.learnerID])
        else { return }
        let learner = AttemptAnnouncement.LearnerFacts(
            id: attempt.learnerID, displayName: try row["display_name"], cohortID: try row["cohort_id"],
            plan: SQLiteCohortStore.plan(dueDate: try row["due_date"], required: try row["required"]))
        let after = try progressRecords(attempt.learnerID, connection).tries
        let messages = announcement.messages(for: attempt, learner: learner, before: before, after: after)
        try PostgresOutboxStore.enqueue(messages, at: now, on: connection)
    }
}
