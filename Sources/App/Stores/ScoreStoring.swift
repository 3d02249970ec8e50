/// The scores API's reads: per-question facts with the learner's name and cohort.
protocol ScoreStoring: Sendable {
    /// A page of scores after `cursor` in (learner id, question id) order, optionally limited to a cohort and
    /// to rows with an attempt at or after `since` (Unix ms).
    func page(cohortID: Int64?, since: Int64?, after cursor: ScoreCursor?, limit: Int)
        async throws(StoreError) -> [ScoreRecord]

    /// Every score of one learner, by question id.
    func scores(learnerID: Int64) async throws(StoreError) -> [ScoreRecord]
}
