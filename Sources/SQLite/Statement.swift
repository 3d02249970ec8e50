import CSQLite

/// A prepared statement: one `sqlite3_stmt`, bound with values, stepped, then reset for reuse.
///
/// Not `Sendable`: it belongs to its `Connection` and is only used on the thread that holds it.
final class Statement {
    let sql: String
    private let handle: OpaquePointer
    private let database: OpaquePointer
    /// Set while a caller steps through rows, so a re-entrant use of the same SQL prepares a fresh one.
    var isInUse = false
    private(set) lazy var columnNames: [String] = (0..<sqlite3_column_count(handle)).map { index in
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? "column\(index)"
    }

    /// Compiles one statement; SQL that holds more than one statement is refused (see `executeScript`).
    ///
    /// - Returns: `nil` when the SQL is only whitespace or comments.
    /// - Throws: `SQLiteError`.
    static func prepare(sql: String, database: OpaquePointer, persistent: Bool) throws -> Statement? {
        var statement: OpaquePointer?
        var trailingStatement: OpaquePointer?
        defer { sqlite3_finalize(trailingStatement) }
        let flags = UInt32(persistent ? SQLITE_PREPARE_PERSISTENT : 0)
        let result = sql.withCString { text -> Int32 in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(database, text, -1, flags, &statement, &tail)
            if code == SQLITE_OK, statement != nil, let tail, tail.pointee != 0 {
                return sqlite3_prepare_v2(database, tail, -1, &trailingStatement, nil)
            }
            return code
        }
        guard result == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw SQLiteError(resultCode: result, handle: database, sql: sql)
        }
        guard trailingStatement == nil else {
            sqlite3_finalize(statement)
            throw SQLiteError(
                kind: .misuse,
                message: "more than one statement in one call; only migrations run scripts",
                sql: sql
            )
        }
        guard let statement else { return nil }
        return Statement(sql: sql, handle: statement, database: database)
    }

    private init(sql: String, handle: OpaquePointer, database: OpaquePointer) {
        self.sql = sql
        self.handle = handle
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds positional arguments (`?`); their count must match the statement's parameters.
    ///
    /// - Throws: `SQLiteError` (kind `.misuse` on a count mismatch).
    func bind(_ arguments: [(any SQLiteValueConvertible)?]) throws {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard arguments.count == expected else {
            throw SQLiteError(
                kind: .misuse,
                extendedCode: SQLITE_RANGE,
                message: "statement expects \(expected) arguments, got \(arguments.count)",
                sql: sql
            )
        }
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let result = bind(argument?.sqliteValue ?? .null, at: index)
            guard result == SQLITE_OK else {
                throw SQLiteError(resultCode: result, handle: database, sql: sql)
            }
        }
    }

    private func bind(_ value: SQLiteValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(handle, index)
        case .integer(let integer):
            return sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            return sqlite3_bind_double(handle, index, real)
        case .text(let text):
            var text = text
            return text.withUTF8 { bytes in
                // An empty buffer may have a nil base address, which SQLite would bind as NULL.
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text(handle, index, "", 0, transient)
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
                    sqlite3_bind_text64(
                        handle, index, characters, sqlite3_uint64(bytes.count), transient, UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let bytes):
            return bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress, !raw.isEmpty else {
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
                return sqlite3_bind_blob64(handle, index, base, sqlite3_uint64(raw.count), transient)
            }
        }
    }

    /// Advances to the next row.
    ///
    /// - Returns: `true` when a row is available, `false` when the statement is done.
    /// - Throws: `SQLiteError`.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let result: throw SQLiteError(resultCode: result, handle: database, sql: sql)
        }
    }

    /// The current row's values, valid after `step()` returned `true`.
    func currentRow() -> Row {
        let count = sqlite3_column_count(handle)
        var values: [SQLiteValue] = []
        values.reserveCapacity(Int(count))
        for index in 0..<count {
            values.append(value(at: index))
        }
        return Row(columns: columnNames, values: values)
    }

    private func value(at index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let text = sqlite3_column_text(handle, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let blob = sqlite3_column_blob(handle, index), count > 0 else { return .blob([]) }
            return .blob([UInt8](UnsafeRawBufferPointer(start: blob, count: count)))
        default:
            return .null
        }
    }

    /// Makes the statement ready for new arguments; a failure from the last step was already reported.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }
}

/// Tells SQLite to copy bound text and blobs, since Swift buffers do not outlive the bind call.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
