import Foundation

extension ContentHost {
    /// The hash of the cluster's last accepted version as this node knows it.
    public var clusterContentHash: String? {
        accepted.withLock { $0 }
    }

    /// Whether this node serves content other than the cluster's last accepted version ("drift"): its
    /// files differ, or they failed to validate on the last announced reload. It keeps serving meanwhile.
    public var isDrifting: Bool {
        guard let cluster = clusterContentHash else { return false }
        return cluster != snapshot.contentHash
    }

    /// Starts following the other nodes' announcements (a no-op on a single SQLite node).
    public func followCluster() {
        let logger = logger
        announcements.listen(
            caughtUp: { [self] in catchUp() },
            trouble: { logger.log(.warning, "content announcements: \($0)") }, { [self] in follow($0) })
    }

    /// Stops following the other nodes' announcements (shutdown).
    public func stopFollowingCluster() {
        announcements.stopListening()
    }

    /// Acts on an announcement: remembers the announced hash as the cluster's, and on a reload
    /// announcement reloads this node's own files (on a thread of its own); a node's own announcements
    /// come back too and are ignored.
    func follow(_ announcement: ContentAnnouncement) {
        guard announcement.node != ContentAnnouncement.thisNode else { return }
        accepted.withLock { $0 = announcement.contentHash }
        logger.log(
            .info, "content announced by another node",
            [
                "node": announcement.node, "version": String(announcement.version),
                "reason": announcement.reason.rawValue,
            ]
        )
        if announcement.reason == .reload {
            let thread = Thread { [self] in
                _ = reload(by: Self.announcementActor)
                reportDrift()
            }
            thread.name = "content-follow"
            thread.start()
        } else {
            reportDrift()
        }
    }

    /// Reads the cluster's last accepted version from the database (after the listening connection was
    /// (re)established, when announcements may have been missed).
    func catchUp() {
        do {
            guard let latest = try versions.lastAccepted() else { return }
            accepted.withLock { $0 = latest.contentHash }
            reportDrift()
        } catch {
            logger.log(.warning, "cannot read the cluster's content version", ["error": "\(error)"])
        }
    }

    /// Tells the other nodes about a version this node accepted; a failure is logged, the version stays served.
    func announce(_ version: ContentVersion, reason: ContentAnnouncement.Reason) {
        let announcement = ContentAnnouncement(
            node: ContentAnnouncement.thisNode, version: version.id, contentHash: version.contentHash, reason: reason)
        do {
            try announcements.announce(announcement)
        } catch {
            logger.log(.warning, "cannot announce the content version to other nodes", ["error": "\(error)"])
        }
    }

    private func reportDrift() {
        guard isDrifting else { return }
        logger.log(
            .warning, "content drift: this node's files differ from the cluster's accepted version",
            ["served": snapshot.contentHash, "cluster": clusterContentHash ?? ""])
    }
}
