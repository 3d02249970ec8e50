/// Learners, their device tokens and their resume codes.
///
/// The lookups by token and id are synchronous: the pages identify their reader on the event loop.
protocol LearnerStoring: Sendable {
    /// Creates a learner with its first device token, durably.
    func create(displayName: String, language: String, cohortID: Int64?) async throws(StoreError) -> IssuedLearner

    /// The learner holding `token`, or `nil` for an unknown or malformed token.
    func learner(token: String) throws(StoreError) -> Learner?

    /// `learner(token:)` for async routes: the task is suspended, not its thread, while a database server
    /// answers (a blocked cooperative thread would stall every other task of the node meanwhile).
    func learnerSuspending(token: String) async throws(StoreError) -> Learner?

    /// The learner with `id`, or `nil`.
    func learner(id: Int64) throws(StoreError) -> Learner?

    /// Changes the display name and/or language (`nil` keeps it); returns the updated learner.
    func update(id: Int64, displayName: String?, language: String?) async throws(StoreError) -> Learner?

    /// Joins a learner to a cohort (or moves them); `false` when the learner does not exist.
    func join(learnerID: Int64, cohortID: Int64, displayName: String?) async throws(StoreError) -> Bool

    /// Issues a fresh resume code for the learner, replacing earlier ones; the code is returned once.
    func makeResumeCode(learnerID: Int64) async throws(StoreError) -> (code: String, expiresAt: Int64)

    /// Redeems a resume code (single use): the learner gets a new device token, returned once.
    func redeem(resumeCode: String) async throws(StoreError) -> IssuedLearner?

    /// Learners whose display name contains `text` (case-insensitive), newest first.
    func search(name text: String, limit: Int) throws(StoreError) -> [Learner]
}
