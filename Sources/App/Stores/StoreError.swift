/// Every failure a store reports, whatever engine is behind it.
///
/// Routes react to the kind only: a full disk or a locked database is a 503 with `Retry-After`
/// (`StorageFaults`), a full write queue is a 503 (`durably`), anything else a 500 with its log line.
struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The families of failure callers tell apart.
    enum Kind: Sendable, Equatable {
        /// The database's disk is full: nothing was saved.
        case storageFull
        /// Another process held the database's lock past the busy timeout.
        case busy
        /// Too many writes are queued; retrying later may succeed.
        case overloaded
        /// The database server cannot be reached (PostgreSQL restarting, network cut); retrying later may succeed.
        case unavailable
        /// Anything else: a bug, a corrupt file, a closed database.
        case failed
    }

    var kind: Kind
    /// The engine's own explanation, for the log line (never holds bound values).
    var message: String

    var description: String { "store error (\(kind)): \(message)" }
}
