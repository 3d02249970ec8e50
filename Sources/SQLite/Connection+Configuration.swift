extension Connection {
    /// How a connection is opened: access, waiting for locks, durability, caching.
    public struct Configuration: Sendable {
        /// Opens with `SQLITE_OPEN_READONLY`; readers of a WAL database need the writer to exist first.
        public var isReadOnly: Bool
        /// How long a statement waits for a lock held by another connection before `SQLITE_BUSY`.
        public var busyTimeoutMilliseconds: Int
        /// When SQLite calls `fsync`; see `Synchronous` for what each level survives.
        public var synchronous: Synchronous
        /// Sets `journal_mode = WAL` on writable connections, so readers proceed while a write commits.
        public var usesWriteAheadLog: Bool
        /// Sets `foreign_keys = ON` (SQLite's default is off, for backward compatibility).
        public var enforcesForeignKeys: Bool
        /// How many compiled statements each connection keeps.
        public var statementCacheCapacity: Int

        /// The defaults: writable, 5 s busy timeout, `synchronous = FULL`, WAL, foreign keys, 64 statements.
        public init(
            isReadOnly: Bool = false,
            busyTimeoutMilliseconds: Int = 5000,
            synchronous: Synchronous = .full,
            usesWriteAheadLog: Bool = true,
            enforcesForeignKeys: Bool = true,
            statementCacheCapacity: Int = 64
        ) {
            self.isReadOnly = isReadOnly
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.synchronous = synchronous
            self.usesWriteAheadLog = usesWriteAheadLog
            self.enforcesForeignKeys = enforcesForeignKeys
            self.statementCacheCapacity = statementCacheCapacity
        }
    }

    /// `PRAGMA synchronous`: https://sqlite.org/pragma.html#pragma_synchronous
    ///
    /// The durability argument for WAL mode: with `.full`, every `COMMIT` appends its frames to the
    /// WAL and `fsync`s the WAL before returning, so a commit that returned survives a power loss or
    /// kernel crash. With `.normal`, the WAL is synced only at checkpoints: a commit survives the
    /// process being killed (the bytes are in the OS page cache) but the last commits may be lost on
    /// power loss, though the database stays consistent. Folio acknowledges attempts only after their
    /// batch's `COMMIT` returned with `.full`, and group commit pays one `fsync` per batch, not per
    /// attempt.
    public enum Synchronous: String, Sendable {
        case off = "OFF"
        case normal = "NORMAL"
        case full = "FULL"
        case extra = "EXTRA"
    }
}
