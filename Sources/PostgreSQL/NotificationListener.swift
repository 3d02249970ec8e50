import CPostgreSQL
import Foundation
import Locking

/// Listens to one `NOTIFY` channel on a dedicated connection, on a thread of its own, and reconnects by
/// itself when the server goes away: https://www.postgresql.org/docs/current/libpq-notify.html
///
/// A notification sent while the connection was down is lost (PostgreSQL keeps none for absent
/// listeners), so `onConnect` runs after every (re)connect for the caller to catch up from its tables.
public final class NotificationListener: Sendable {
    private let stopped = Locked(false)

    /// Starts listening on `channel` (a plain identifier) and keeps at it until `stop()`.
    ///
    /// - Parameters:
    ///   - onConnect: called on the listener's thread each time `LISTEN` took effect.
    ///   - onFailure: called with each connection failure before the next try (for the log).
    ///   - onNotification: called on the listener's thread with each payload.
    public init(
        connectionString: ConnectionString, channel: String, onConnect: @escaping @Sendable () -> Void,
        onFailure: @escaping @Sendable (PostgreSQLError) -> Void,
        onNotification: @escaping @Sendable (String) -> Void
    ) {
        precondition(channel.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }, "a plain channel name")
        let stopped = self.stopped
        let thread = Thread {
            var delay = 0.25
            while !stopped.withLock({ $0 }) {
                do throws(PostgreSQLError) {
                    try Self.session(
                        connectionString: connectionString, channel: channel, stopped: stopped,
                        onConnect: {
                            delay = 0.25
                            onConnect()
                        }, onNotification: onNotification)
                } catch {
                    onFailure(error)
                }
                if stopped.withLock({ $0 }) { break }
                Thread.sleep(forTimeInterval: delay)
                delay = min(2, delay * 2)
            }
        }
        thread.name = "folio-pg-listen"
        thread.start()
    }

    /// Ends the listening thread within about a second.
    public func stop() {
        stopped.withLock { $0 = true }
    }

    /// One connection's life: connect, `LISTEN`, then wait on the socket and hand over notifications until
    /// the connection breaks (thrown) or the listener is stopped (returns).
    private static func session(
        connectionString: ConnectionString, channel: String, stopped: Locked<Bool>,
        onConnect: () -> Void, onNotification: (String) -> Void
    ) throws(PostgreSQLError) {
        let connection = try Connection(connectionString)
        defer { connection.close() }
        try connection.execute("LISTEN \(channel)")
        onConnect()
        while !stopped.withLock({ $0 }) {
            try connection.waitForNotifications(timeoutMilliseconds: 1000, onNotification)
        }
    }
}

extension Connection {
    /// Waits up to `timeoutMilliseconds` for input on the socket, then hands over every notification received.
    /// - Throws: `PostgreSQLError` of kind `.connection` when the connection broke.
    func waitForNotifications(timeoutMilliseconds: Int32, _ deliver: (String) -> Void) throws(PostgreSQLError) {
        guard let handle, PQstatus(handle) == CONNECTION_OK else {
            throw PostgreSQLError(kind: .connection, message: "the listening connection is closed")
        }
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeoutMilliseconds)
        if ready < 0, errno != EINTR {
            throw PostgreSQLError(kind: .connection, message: "poll: \(String(cString: strerror(errno)))")
        }
        guard PQconsumeInput(handle) == 1 else {
            throw PostgreSQLError(kind: .connection, message: String(cString: PQerrorMessage(handle)))
        }
        while let notification = PQnotifies(handle) {
            deliver(String(cString: notification.pointee.extra))
            PQfreemem(notification)
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            throw PostgreSQLError(kind: .connection, message: String(cString: PQerrorMessage(handle)))
        }
    }
}
