import Locking
import PostgreSQL

/// Content announcements on PostgreSQL: `NOTIFY folio_content` through the pool, `LISTEN` on a dedicated
/// connection that reconnects by itself (`NotificationListener`).
final class PostgresAnnouncements: ContentAnnouncing {
    /// The notification channel every node listens to.
    static let channel = "folio_content"

    let pool: ConnectionPool
    let connectionString: ConnectionString
    private let listener = Locked<NotificationListener?>(nil)

    init(pool: ConnectionPool, connectionString: ConnectionString) {
        self.pool = pool
        self.connectionString = connectionString
    }

    /// Sends the announcement in its own transaction; PostgreSQL delivers it to every listener on commit.
    func announce(_ announcement: ContentAnnouncement) throws(StoreError) {
        let payload = announcement.payload()
        try pool.committingBlocking { connection in
            try connection.query("SELECT pg_notify($1, $2)", [Self.channel, payload])
        }
    }

    func listen(
        caughtUp: @escaping @Sendable () -> Void, trouble: @escaping @Sendable (String) -> Void,
        _ handler: @escaping @Sendable (ContentAnnouncement) -> Void
    ) {
        let started = NotificationListener(
            connectionString: connectionString, channel: Self.channel, onConnect: caughtUp,
            onFailure: { error in trouble("the listening connection failed: \(error)") },
            onNotification: { payload in
                guard let announcement = ContentAnnouncement(payload: payload) else {
                    trouble("a notification on \(Self.channel) that is not an announcement")
                    return
                }
                handler(announcement)
            })
        listener.withLock {
            $0?.stop(); $0 = started
        }
    }

    func stopListening() {
        listener.withLock {
            $0?.stop()
            $0 = nil
        }
    }

    deinit {
        stopListening()
    }
}
