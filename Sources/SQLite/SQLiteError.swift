import CSQLite

/// Every error the SQLite module throws: SQLite's own result codes and the module's own failures.
///
/// It carries the SQL text (never the bound values, which may be secrets) so a log line can say which
/// statement failed without leaking data.
public struct SQLiteError: Error, Sendable, Equatable {
    /// Where the error comes from, for catchers that react differently (a full queue is a 503, a
    /// constraint violation a 409, a migration problem stops start-up).
    public enum Kind: Sendable, Equatable {
        /// SQLite returned an error code; `code` and `extendedCode` are SQLite's.
        case sqlite
        /// A row lacked a column, or the column held a value of another type.
        case decoding
        /// A migration directory or file is unusable (name, duplicate, changed or missing file), or a
        /// migration's SQL failed (then `code` is SQLite's).
        case migration
        /// The write queue is full; retrying later may succeed.
        case overloaded
        /// The database or connection was closed.
        case closed
        /// The module was used against its contract (for example, wrong number of arguments).
        case misuse
    }

    /// Which family of failure this is.
    public var kind: Kind
    /// SQLite's primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, ...).
    public var code: Int32
    /// SQLite's extended result code (`SQLITE_CONSTRAINT_UNIQUE`, ...); equals `code` when there is none.
    public var extendedCode: Int32
    /// The explanation, from `sqlite3_errmsg` for SQLite errors.
    public var message: String
    /// The statement that failed, with `?` placeholders and no values.
    public var sql: String?
    /// The migration file involved, when there is one.
    public var file: String?

    /// Makes an error; `code` defaults to the primary part of `extendedCode`.
    public init(
        kind: Kind,
        extendedCode: Int32 = SQLITE_ERROR,
        message: String,
        sql: String? = nil,
        file: String? = nil
    ) {
        self.kind = kind
        self.code = extendedCode & 0xFF
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.file = file
    }

    /// The error SQLite just reported on `handle` for a call that returned `resultCode`.
    init(resultCode: Int32, handle: OpaquePointer?, sql: String?) {
        let extended = handle.map { sqlite3_extended_errcode($0) } ?? resultCode
        // sqlite3_extended_errcode can lag behind when the failing call was not the last API call.
        let code = (extended & 0xFF) == (resultCode & 0xFF) ? extended : resultCode
        let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? Self.describe(code)
        self.init(kind: .sqlite, extendedCode: code, message: message, sql: sql)
    }

    /// A `UNIQUE`, `NOT NULL`, `CHECK`, `FOREIGN KEY` or primary-key violation.
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }
    /// A `UNIQUE` or primary-key violation: the row already exists.
    public var isUniqueViolation: Bool {
        extendedCode == SQLITE_CONSTRAINT_UNIQUE_CODE || extendedCode == SQLITE_CONSTRAINT_PRIMARYKEY_CODE
    }
    /// The database stayed locked longer than the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
    /// The failure is temporary: a busy database or a full write queue.
    public var isTransient: Bool { isBusy || kind == .overloaded }

    /// SQLite's English text for a result code, such as "constraint failed".
    static func describe(_ code: Int32) -> String {
        sqlite3_errstr(code).map { String(cString: $0) } ?? "unknown error \(code)"
    }
}

extension SQLiteError: CustomStringConvertible {
    /// One line for logs: what failed, SQLite's codes and message, the file and the SQL (never values).
    public var description: String {
        var text: String
        switch kind {
        case .sqlite: text = "SQLite error"
        case .decoding: text = "SQLite decoding error"
        case .migration: text = "migration error"
        case .overloaded: text = "write queue full"
        case .closed: text = "database closed"
        case .misuse: text = "SQLite misuse"
        }
        if let file { text += " in \(file)" }
        if kind == .sqlite {
            text += " \(code)/\(extendedCode) (\(Self.describe(extendedCode)))"
        }
        text += ": \(message)"
        if let sql { text += " — SQL: \(sql)" }
        return text
    }
}

// The extended codes are macros built with `|` and `<<`, which Swift does not import.
private let SQLITE_CONSTRAINT_UNIQUE_CODE: Int32 = SQLITE_CONSTRAINT | (8 << 8)
private let SQLITE_CONSTRAINT_PRIMARYKEY_CODE: Int32 = SQLITE_CONSTRAINT | (6 << 8)
