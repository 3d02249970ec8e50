import CSQLite

/// One SQLite connection (`sqlite3*`) with a prepared-statement cache.
///
/// Not `Sendable`: SQLite is opened in multi-thread mode (`SQLITE_OPEN_NOMUTEX`), which is safe only
/// while one thread at a time uses a connection. `Database` guarantees that by handing connections out
/// behind a lock; code that opens a `Connection` itself keeps it on one task or thread.
public final class Connection {
    /// The file path given at open.
    public let path: String
    /// The settings applied at open.
    public let configuration: Configuration
    private(set) var handle: OpaquePointer?
    private var cache: StatementCache
    var savepointDepth = 0

    /// Opens (creating when writable) the database at `path` and applies the configuration's pragmas.
    ///
    /// - Throws: `SQLiteError` when the file cannot be opened or a pragma fails (for example, WAL
    ///   refused because the file system lacks shared memory).
    public init(path: String, configuration: Configuration = Configuration()) throws {
        self.path = path
        self.configuration = configuration
        self.cache = StatementCache(capacity: configuration.statementCacheCapacity)
        var opened: OpaquePointer?
        let access = configuration.isReadOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let result = sqlite3_open_v2(path, &opened, access | SQLITE_OPEN_NOMUTEX, nil)
        guard result == SQLITE_OK, let opened else {
            let error = SQLiteError(resultCode: result, handle: opened, sql: nil)
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
        sqlite3_extended_result_codes(opened, 1)
        sqlite3_busy_timeout(opened, Int32(clamping: configuration.busyTimeoutMilliseconds))
        try applyPragmas()
    }

    deinit {
        close()
    }

    private func applyPragmas() throws {
        if !configuration.isReadOnly, configuration.usesWriteAheadLog {
            let mode: String? = try scalar(sql: "PRAGMA journal_mode = WAL")
            let inMemory = path.isEmpty || path == ":memory:"
            guard mode?.lowercased() == "wal" || inMemory else {
                throw SQLiteError(kind: .sqlite, message: "journal_mode WAL refused (got \(mode ?? "nothing"))")
            }
        }
        try execute(sql: "PRAGMA synchronous = \(configuration.synchronous.rawValue)")
        try execute(sql: "PRAGMA foreign_keys = \(configuration.enforcesForeignKeys ? "ON" : "OFF")")
    }

    /// Finalises cached statements and closes the connection; later calls throw kind `.closed`.
    ///
    /// Uses `sqlite3_close_v2`, so a statement still referenced elsewhere cannot leave the file open
    /// half-closed: SQLite closes it when the last one is finalised.
    public func close() {
        cache.removeAll()
        guard let handle else { return }
        sqlite3_close_v2(handle)
        self.handle = nil
    }

    /// Whether `close()` was called.
    public var isClosed: Bool { handle == nil }

    func openHandle() throws -> OpaquePointer {
        guard let handle else {
            throw SQLiteError(kind: .closed, extendedCode: SQLITE_MISUSE, message: "connection to \(path) is closed")
        }
        return handle
    }

    /// Runs one statement to completion, ignoring any rows it returns.
    ///
    /// - Throws: `SQLiteError`.
    public func execute(sql: String, arguments: [(any SQLiteValueConvertible)?] = []) throws {
        try withStatement(sql: sql, arguments: arguments) { statement in
            while try statement.step() {}
        }
    }

    /// Runs a query and collects every row.
    ///
    /// - Throws: `SQLiteError`.
    public func query(sql: String, arguments: [(any SQLiteValueConvertible)?] = []) throws -> [Row] {
        var rows: [Row] = []
        try forEachRow(sql: sql, arguments: arguments) { rows.append($0) }
        return rows
    }

    /// Runs a query and returns its first row, or `nil` when there is none.
    ///
    /// - Throws: `SQLiteError`.
    public func queryOne(sql: String, arguments: [(any SQLiteValueConvertible)?] = []) throws -> Row? {
        try withStatement(sql: sql, arguments: arguments) { statement in
            try statement.step() ? statement.currentRow() : nil
        }
    }

    /// The first column of the first row decoded as `T`; `nil` when there is no row or the value is `NULL`.
    ///
    /// - Throws: `SQLiteError` (kind `.decoding` when the value has another type).
    public func scalar<T: SQLiteValueConvertible>(
        _ type: T.Type = T.self,
        sql: String,
        arguments: [(any SQLiteValueConvertible)?] = []
    ) throws -> T? {
        guard let row = try queryOne(sql: sql, arguments: arguments), !row.values.isEmpty,
            !row.values[0].isNull
        else { return nil }
        return try row[0] as T
    }

    /// Steps through a query's rows one by one without collecting them, for large results.
    ///
    /// - Throws: `SQLiteError`, or what `body` throws (which stops the iteration).
    public func forEachRow(
        sql: String,
        arguments: [(any SQLiteValueConvertible)?] = [],
        _ body: (Row) throws -> Void
    ) throws {
        try withStatement(sql: sql, arguments: arguments) { statement in
            while try statement.step() {
                try body(statement.currentRow())
            }
        }
    }

    /// The rowid of the last row inserted on this connection.
    public var lastInsertedRowID: Int64 {
        handle.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// How many rows the last `INSERT`, `UPDATE` or `DELETE` on this connection changed.
    public var changes: Int {
        handle.map { Int(sqlite3_changes64($0)) } ?? 0
    }

    /// Whether a transaction is open (SQLite is out of autocommit mode).
    public var isInTransaction: Bool {
        handle.map { sqlite3_get_autocommit($0) == 0 } ?? false
    }

    /// How many statements are compiled on this connection (cached or running), for tests.
    package var preparedStatementCount: Int {
        guard let handle else { return 0 }
        var count = 0
        var statement = sqlite3_next_stmt(handle, nil)
        while let current = statement {
            count += 1
            statement = sqlite3_next_stmt(handle, current)
        }
        return count
    }

    /// How many statement lookups were served from the cache, for tests.
    package var statementCacheHits: Int { cache.hits }

    private func withStatement<T>(
        sql: String,
        arguments: [(any SQLiteValueConvertible)?],
        _ body: (Statement) throws -> T
    ) throws -> T {
        let database = try openHandle()
        let statement: Statement
        if let cached = cache.statement(for: sql) {
            statement = cached
        } else if let prepared = try Statement.prepare(sql: sql, database: database, persistent: true) {
            statement = prepared
            cache.insert(prepared)
        } else {
            throw SQLiteError(kind: .misuse, message: "no statement in SQL", sql: sql)
        }
        statement.isInUse = true
        defer {
            statement.reset()
            statement.isInUse = false
        }
        try statement.bind(arguments)
        return try body(statement)
    }
}
