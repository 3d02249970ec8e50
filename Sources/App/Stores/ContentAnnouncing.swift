/// The seam through which nodes sharing a database tell each other about accepted content versions.
///
/// On PostgreSQL, `NOTIFY` on a channel every node `LISTEN`s to on a dedicated connection; on SQLite,
/// a single node, there is nobody to tell and both calls do nothing (`SingleNodeAnnouncements`).
protocol ContentAnnouncing: Sendable {
    /// Tells every node (this one included) that a node accepted a version.
    /// - Throws: `StoreError` when the database cannot take the notification.
    func announce(_ announcement: ContentAnnouncement) throws(StoreError)

    /// Starts delivering announcements to `handler` on a thread of its own, for the life of the process.
    ///
    /// Whenever the listening connection is (re)established, `caughtUp` is called first, so a node that
    /// missed announcements while the database was unreachable compares with the latest accepted version;
    /// `trouble` gets a lost connection or an unreadable notification, for the log.
    func listen(
        caughtUp: @escaping @Sendable () -> Void, trouble: @escaping @Sendable (String) -> Void,
        _ handler: @escaping @Sendable (ContentAnnouncement) -> Void)

    /// Stops listening and closes the listening connection (shutdown).
    func stopListening()
}

/// Announcements for a single node (SQLite): nobody else shares the database, so nothing is sent or heard.
struct SingleNodeAnnouncements: ContentAnnouncing {
    func announce(_ announcement: ContentAnnouncement) throws(StoreError) {}

    func listen(
        caughtUp: @escaping @Sendable () -> Void, trouble: @escaping @Sendable (String) -> Void,
        _ handler: @escaping @Sendable (ContentAnnouncement) -> Void
    ) {}

    func stopListening() {}
}
