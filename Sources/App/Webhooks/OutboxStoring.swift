/// The worker's side of the outbox: due deliveries, the outcome of each try, and events it records itself.
protocol OutboxStoring: Sendable {
    /// Whether a pending delivery is due at `now` (a cheap read before taking any).
    func hasDue(at now: Int64) async throws(StoreError) -> Bool

    /// Takes up to `limit` due deliveries, oldest due first, and reserves them until `now + lease` so a
    /// worker that stops mid-try leaves them to be taken again.
    func take(at now: Int64, limit: Int, lease: Int64) async throws(StoreError) -> [DueDelivery]

    /// Records a try: delivered, or failed with the next try at `next` (`nil`: no more tries).
    func record(_ outcome: DeliveryOutcome, for deliveryID: Int64, at now: Int64, next: Int64?)
        async throws(StoreError)

    /// The learners of a cohort a `cohort.overdue` event was recorded for.
    func overdueLearners(cohortID: Int64) async throws(StoreError) -> Set<Int64>

    /// Records a `cohort.overdue` event for the learner once: `false` (and nothing written) when it was
    /// recorded before.
    func recordOverdue(cohortID: Int64, learnerID: Int64, message: OutboxMessage, at now: Int64)
        async throws(StoreError) -> Bool
}
