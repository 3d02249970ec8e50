/// A recorded load of `Content/`: what was served from when, who asked, and the report.
struct ContentVersion: Sendable, Equatable {
    /// Whether a load was accepted; the raw values are the stored and reported text.
    enum Outcome: String, Sendable, Codable {
        /// The content validated and is served; attempts refer to loaded versions.
        case loaded
        /// The content failed validation; the previous version kept being served.
        case rejected
    }

    var id: Int64
    var contentHash: String
    var loadedAt: Int64
    var loadedBy: String
    var outcome: Outcome
    var report: String
}
