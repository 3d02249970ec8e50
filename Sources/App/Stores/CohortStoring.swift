/// Cohorts: creation with an unguessable join code, plans, membership, lookups, and their members' progress.
protocol CohortStoring: Sendable {
    /// Creates a cohort with a fresh join code and `plan`, durably.
    func create(name: String, plan: CohortPlan) async throws(StoreError) -> Cohort

    /// The cohort with `id`, with its learner count, or `nil`.
    func cohort(id: Int64) async throws(StoreError) -> Cohort?

    /// The cohort a join code invites to, or `nil` (malformed codes included).
    func cohort(joinCode: String) async throws(StoreError) -> Cohort?

    /// Whether `joinCode` once invited to a cohort and was replaced by `rotateJoinCode`.
    func isRetired(joinCode: String) async throws(StoreError) -> Bool

    /// Every cohort with its learner count, newest first.
    func all() async throws(StoreError) -> [Cohort]

    /// Replaces the cohort's name and plan; `nil` when there is no such cohort.
    func update(id: Int64, name: String, plan: CohortPlan) async throws(StoreError) -> Cohort?

    /// Gives the cohort a fresh join code and retires the old one (its links stop working); `nil` when
    /// there is no such cohort.
    func rotateJoinCode(id: Int64) async throws(StoreError) -> Cohort?

    /// Takes a learner out of the cohort (their history stays theirs); `false` when they were not in it.
    func remove(learnerID: Int64, fromCohort cohortID: Int64) async throws(StoreError) -> Bool

    /// The cohort's learners (by id) with their progress records, read consistently.
    func memberRecords(cohortID: Int64) async throws(StoreError) -> [(learner: Learner, records: ProgressRecords)]
}

extension CohortStoring {
    /// Creates a cohort with the default plan: every chapter and the practice, no due date.
    func create(name: String) async throws(StoreError) -> Cohort {
        try await create(name: name, plan: CohortPlan())
    }
}
