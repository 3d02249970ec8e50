/// The reads only the admin console needs: activity across learners, learner overviews, content loads.
protocol AdminConsoleStoring: Sendable {
    /// The latest attempts of every learner, newest first; `before` pages back by attempt id.
    func recentAttempts(before: Int64?, limit: Int) async throws(StoreError) -> [AttemptActivity]

    /// One learner's attempts, newest first; `before` pages back by attempt id.
    func attempts(learnerID: Int64, before: Int64?, limit: Int) async throws(StoreError) -> [Attempt]

    /// The learner with their cohort's name, attempt count and progress records; `nil` for an unknown id.
    func learner(id: Int64) async throws(StoreError) -> (LearnerOverview, ProgressRecords)?

    /// Learners whose display name contains `text` (case-insensitive; all when empty), newest first.
    func learners(matching text: String, limit: Int) async throws(StoreError) -> [LearnerOverview]

    /// The content load recorded as `id`.
    func contentVersion(id: Int64) async throws(StoreError) -> ContentVersion?

    /// The latest content loads (successful and rejected), newest first.
    func contentVersions(limit: Int) async throws(StoreError) -> [ContentVersion]
}
