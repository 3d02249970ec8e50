/// The audit trail of content loads: what was served from when, who asked, and the report.
///
/// Synchronous: loads run at start-up and on the reload thread, never on a request's task.
protocol ContentVersionStoring: Sendable {
    /// Records a load attempt and returns its row; loaded versions are the ones attempts refer to.
    func record(contentHash: String, loadedBy: String, outcome: ContentVersion.Outcome, report: String)
        throws(StoreError) -> ContentVersion

    /// The most recent versions, newest first.
    func recent(limit: Int) throws(StoreError) -> [ContentVersion]

    /// The cluster's last accepted version: the newest version a node loaded on its own (at start-up or on
    /// a reload asked of it), not one loaded because another node announced it; `nil` before any.
    func lastAccepted() throws(StoreError) -> ContentVersion?
}
