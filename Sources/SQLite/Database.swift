import CSQLite

/// The `Sendable` owner of a database file: one writer connection and a pool of readers.
///
/// Writes are serialised on the writer (SQLite allows one writer per file), either synchronously with
/// `write` or through the group-commit queue with `submit`. Reads use their own connections and, in
/// WAL mode, proceed while a write commits. Call `close()` at shutdown: it commits what is queued.
public final class Database: Sendable {
    /// The file path given at open.
    public let path: String
    private let writer: SerializedConnection
    private let readers: ReaderPool
    private let writeQueue: GroupCommitter
    /// Whether writes currently fail for lack of space (see `probeStorage()`).
    public let storage = StorageHealth()

    /// Opens (creating if needed, mode `0600`) the database file at `path` and starts the group-commit
    /// writer thread.
    ///
    /// `path` must be a file: the readers open it again, which an in-memory database cannot do.
    /// - Throws: `SQLiteError` when the file cannot be opened or configured.
    public init(path: String, configuration: Configuration = Configuration()) throws {
        var writerConfiguration = configuration.connection
        writerConfiguration.isReadOnly = false
        try DatabaseFiles.secure(path)
        self.path = path
        let writer = SerializedConnection(try Connection(path: path, configuration: writerConfiguration))
        self.writer = writer
        self.readers = ReaderPool(
            path: path, configuration: configuration.connection, capacity: configuration.readerCount)
        self.writeQueue = GroupCommitter(
            writer: writer,
            maximumBatchSize: configuration.maximumBatchSize,
            maximumPendingJobs: configuration.maximumPendingWrites
        )
    }

    deinit {
        close()
    }

    /// Runs `body` on a reader connection, blocking the thread while every reader is busy.
    ///
    /// - Throws: `SQLiteError` (kind `.closed` after `close()`), or what `body` throws.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try readers.read(body)
    }

    /// Runs `body` on a reader connection, suspending (not blocking a thread) while every reader is busy.
    ///
    /// - Throws: `SQLiteError` (kind `.closed` after `close()`), or what `body` throws.
    public func read<T>(_ body: (Connection) throws -> T) async throws -> T {
        try await readers.read(body)
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction on the writer, committing when it returns and
    /// rolling back when it throws; blocks the thread while another write runs.
    ///
    /// - Throws: `SQLiteError`, or what `body` throws.
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        do {
            let value = try writer.withConnection { connection in try connection.transaction(.immediate, body) }
            storage.record(nil)
            return value
        } catch {
            storage.record(error)
            throw error
        }
    }

    /// Gives `body` the writer without opening a transaction, for work that manages its own
    /// (migrations) or cannot run inside one (`VACUUM`, some pragmas).
    ///
    /// - Throws: `SQLiteError`, or what `body` throws.
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try writer.withConnection { connection in
            defer { connection.rollBack() }  // never leave a transaction open on the shared writer
            return try body(connection)
        }
    }

    /// Queues a durable write and returns its result once the batch holding it has committed.
    ///
    /// The writer thread runs queued jobs together in one transaction, each in its own savepoint, and
    /// commits once: with `synchronous = FULL` an acknowledged result survives power loss, at the cost
    /// of one `fsync` per batch instead of per write. A job that throws is rolled back alone. Jobs run
    /// on the writer thread, so keep them short and never call `write` from one; nest with `savepoint`.
    /// Once queued a job runs even if the calling task is cancelled.
    /// - Throws: `SQLiteError` (kind `.overloaded` when `maximumPendingWrites` are queued, `.closed`
    ///   after `close()`), what `work` throws, or the batch's `COMMIT` error.
    public func submit<T: Sendable>(_ work: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        do {
            let value = try await writeQueue.submit(work)
            storage.record(nil)
            return value
        } catch {
            storage.record(error)
            throw error
        }
    }

    /// While the storage is marked full, commits a write that needs fresh pages (at most once per
    /// `interval` seconds), so the mark clears when space returns even if no client writes.
    ///
    /// The probe creates a table holding two pages of zeros and drops it in the same transaction: the
    /// schema is unchanged, the pages stay on the free list for later writes.
    /// - Returns: whether the storage is still full.
    public func probeStorage(interval: Double = 1, now: Double) async -> Bool {
        guard storage.isFull, storage.claimProbe(now: now, interval: interval) else { return storage.isFull }
        do {
            try await submit { connection in
                try connection.execute(sql: "CREATE TABLE folio_space_probe (filler BLOB)")
                try connection.execute(sql: "INSERT INTO folio_space_probe VALUES (zeroblob(8192))")
                try connection.execute(sql: "DROP TABLE folio_space_probe")
            }
        } catch {
            // The outcome is recorded in `storage`; any other failure leaves the mark as it was.
        }
        return storage.isFull
    }

    /// Counters of the group-commit queue (batches, sizes, failures).
    public var writeQueueStatistics: WriteQueueStatistics {
        writeQueue.statistics
    }

    /// Writes waiting in the group-commit queue (not yet taken into a batch), for tests and diagnostics.
    package var queuedWriteCount: Int {
        writeQueue.queuedJobCount
    }

    /// Confirms the database answers a query, for health checks.
    ///
    /// - Throws: `SQLiteError` describing why the database is unusable.
    public func check() throws {
        let tables: Int64? = try read { try $0.scalar(sql: "SELECT count(*) FROM sqlite_schema") }
        guard tables != nil else {
            throw SQLiteError(kind: .sqlite, message: "health query returned no row")
        }
    }

    /// Commits every queued write, then closes all connections; later calls throw kind `.closed`.
    ///
    /// Safe to call more than once; readers in use are closed when their work returns.
    public func close() {
        writeQueue.shutdown()
        readers.close()
        writer.close()
    }
}
