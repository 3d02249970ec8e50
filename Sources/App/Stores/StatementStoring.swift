/// Attempts across learners in id order: the source of the xAPI statements listing.
protocol StatementStoring: Sendable {
    /// Attempts with id greater than `cursor`, oldest first, of learners in `cohortID` (every learner when
    /// `nil`) and made at or after `since` (Unix ms) when given.
    func attempts(cohortID: Int64?, since: Int64?, after cursor: Int64, limit: Int) async throws(StoreError)
        -> [Attempt]
}
