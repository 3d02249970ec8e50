/// Cohorts: creation with an unguessable join code, lookups, and their members' progress.
protocol CohortStoring: Sendable {
    /// Creates a cohort with a fresh join code, durably.
    func create(name: String) async throws(StoreError) -> Cohort

    /// The cohort with `id`, with its learner count, or `nil`.
    func cohort(id: Int64) async throws(StoreError) -> Cohort?

    /// The cohort a join code invites to, or `nil` (malformed codes included).
    func cohort(joinCode: String) async throws(StoreError) -> Cohort?

    /// Every cohort with its learner count, newest first.
    func all() async throws(StoreError) -> [Cohort]

    /// The cohort's learners (by id) with their progress records, read consistently.
    func memberRecords(cohortID: Int64) async throws(StoreError) -> [(learner: Learner, records: ProgressRecords)]
}
