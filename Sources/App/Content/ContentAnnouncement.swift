import Foundation

/// One node's word to the others that it accepted a content version: at start-up or on a reload asked of
/// it (`POST /admin/reload`, SIGHUP, the console).
///
/// Carried as JSON in a database notification; the receivers reload their own `Content/` on a reload
/// announcement and compare hashes on either (see `ContentHost.follow`).
struct ContentAnnouncement: Sendable, Equatable, Codable {
    /// Why the version was accepted.
    enum Reason: String, Sendable, Codable {
        /// The node started with this content: the others only compare.
        case startup
        /// The node was asked to reload: the others reload their own files too.
        case reload
    }

    /// The announcing node (`host:pid`), so a node ignores its own announcements.
    var node: String
    /// The `content_versions` row the announcing node recorded.
    var version: Int64
    var contentHash: String
    var reason: Reason

    /// The notification payload.
    func payload() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The announcement in a notification payload; `nil` when it is not one.
    init?(payload: String) {
        guard let decoded = try? JSONDecoder().decode(Self.self, from: Data(payload.utf8)) else { return nil }
        self = decoded
    }

    init(node: String, version: Int64, contentHash: String, reason: Reason) {
        self.node = node
        self.version = version
        self.contentHash = contentHash
        self.reason = reason
    }

    /// This process's name in announcements.
    static let thisNode = "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier)"
}
