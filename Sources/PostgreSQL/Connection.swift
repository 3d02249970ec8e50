import CPostgreSQL
import Foundation

/// One libpq connection (`PGconn`): parameterised statements prepared once and cached, results decoded
/// into rows, and a reset when the server went away.
///
/// Not thread-safe (libpq connections serve one caller at a time): a `ConnectionPool` owns each connection
/// on one thread. Every value is bound as a parameter, never spliced into SQL.
public final class Connection {
    private(set) var handle: OpaquePointer?
    private let connectionString: ConnectionString
    /// Statements run right after each (re)connect, such as `SET synchronous_commit = on`.
    private let setup: [String]
    /// Prepared statement names by SQL text and parameter types; emptied when the connection is reset.
    private var prepared: [String: String] = [:]
    /// Numbers the prepared statements, so a name is never reused on one server session.
    private var preparedCount = 0
    /// More distinct statements than this (only dynamic SQL would do it) empties the cache.
    static let maxPrepared = 512
    /// Whether nothing ran since the pool handed the connection out: a failure then is safe to retry once
    /// after a reset, because the server cannot have done anything.
    var isUntouched = false {
        didSet {
            if isUntouched {
                ahead = []
                received = [:]
            }
        }
    }
    /// Statements to send in one pipeline with the next statement (`sendAhead`, `sendExpecting`).
    var ahead: [AheadStatement] = []
    /// Rows of statements queued with `sendExpecting`, by ticket, once their pipeline ran.
    var received: [Int: [Row]] = [:]
    /// Numbers the statements queued with `sendExpecting`.
    var ticketCount = 0
    /// How many times this connection sent work and waited for the server's answer (one per pipeline).
    var roundTrips = 0

    /// Connects, then runs `setup`.
    /// - Throws: `PostgreSQLError` of kind `.connection` when the server is unreachable or refuses the login.
    public init(_ connectionString: ConnectionString, setup: [String] = []) throws(PostgreSQLError) {
        self.connectionString = connectionString
        self.setup = setup
        // Defaults first: the string's own settings (expanded from `dbname`) override them.
        let keywords = ["connect_timeout", "application_name", "dbname"]
        let values = ["5", "folio", connectionString.text]
        handle = Self.withCStrings(keywords) { keywordPointers in
            Self.withCStrings(values) { valuePointers in
                PQconnectdbParams(keywordPointers, valuePointers, 1)
            }
        }
        guard let handle, PQstatus(handle) == CONNECTION_OK else {
            let error = PostgreSQLError(kind: .connection, message: lastMessage)
            close()
            throw error
        }
        // Server notices (`relation … already exists, skipping`) would go to stderr unformatted.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        try runSetup()
    }

    deinit {
        if let handle { PQfinish(handle) }
    }

    /// Closes the connection; later calls fail with a connection error.
    public func close() {
        if let handle { PQfinish(handle) }
        handle = nil
        prepared = [:]
        ahead = []
        received = [:]
    }

    /// Whether libpq still considers the connection usable.
    public var isOpen: Bool { handle.map { PQstatus($0) == CONNECTION_OK } ?? false }

    /// Whether a transaction is open (or failed and awaits its ROLLBACK).
    public var isInTransaction: Bool {
        guard let handle else { return false }
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    /// Reconnects with the same settings when the connection broke (a server restart, a network cut).
    public func resetIfBroken() throws(PostgreSQLError) {
        guard let handle else {
            throw PostgreSQLError(kind: .connection, message: "the connection is closed")
        }
        guard PQstatus(handle) != CONNECTION_OK else { return }
        prepared = [:]
        ahead = []
        received = [:]
        PQreset(handle)
        guard PQstatus(handle) == CONNECTION_OK else {
            throw PostgreSQLError(kind: .connection, message: lastMessage)
        }
        try runSetup()
    }

    /// Runs a statement with bound parameters and returns its rows (none for a command).
    @discardableResult
    public func query(_ sql: String, _ arguments: [any PostgreSQLBindable] = []) throws(PostgreSQLError) -> [Row] {
        try rows(of: try run(sql, arguments))
    }

    /// Runs a statement with bound parameters and returns the first row, if any.
    public func queryOne(_ sql: String, _ arguments: [any PostgreSQLBindable] = []) throws(PostgreSQLError) -> Row? {
        try query(sql, arguments).first
    }

    /// Runs a command with bound parameters and returns the number of rows it affected.
    @discardableResult
    public func execute(_ sql: String, _ arguments: [any PostgreSQLBindable] = []) throws(PostgreSQLError) -> Int {
        let result = try run(sql, arguments)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    /// Runs SQL without parameters through the simple-query protocol, several statements allowed
    /// (migrations, `BEGIN`, `COMMIT`). Returns the last command's tag (`COMMIT`, `ROLLBACK`…).
    /// A single statement after writes sent ahead (a group commit's `COMMIT` after the last score upsert)
    /// travels in their pipeline: one round trip, not two.
    @discardableResult
    public func executeScript(_ sql: String) throws(PostgreSQLError) -> String {
        if ahead.contains(where: { $0.name != nil }) {
            guard sql.contains(";") else {
                let final = AheadStatement(sql: sql, name: nil, texts: [])
                guard let result = try runPipelined(try usableHandle(), final: final) else {
                    throw PostgreSQLError(kind: .connection, message: lastMessage)
                }
                defer { PQclear(result) }
                return String(cString: PQcmdStatus(result))
            }
            try flushAhead(try usableHandle())
        }
        let script = (ahead.map(\.sql) + [sql]).joined(separator: "; ")
        ahead = []
        let result = try retryingOnFreshBreak { () throws(PostgreSQLError) -> OpaquePointer in
            roundTrips += 1
            return try checked(PQexec(try usableHandle(), script))
        }
        defer { PQclear(result) }
        return String(cString: PQcmdStatus(result))
    }

    /// Prepares (once per connection) and executes.
    private func run(_ sql: String, _ arguments: [any PostgreSQLBindable]) throws(PostgreSQLError) -> OpaquePointer {
        try retryingOnFreshBreak { () throws(PostgreSQLError) -> OpaquePointer in try runOnce(sql, arguments) }
    }

    /// Runs `body`; when it is the first statement since the pool handed the connection out and the
    /// connection turns out broken (the server restarted while it idled), resets and runs it once more.
    /// Later statements are never retried: the server may have done part of the work.
    private func retryingOnFreshBreak(_ body: () throws(PostgreSQLError) -> OpaquePointer) throws(PostgreSQLError)
        -> OpaquePointer
    {
        let wasUntouched = isUntouched
        do {
            return try body()
        } catch {
            guard wasUntouched, !isOpen, handle != nil else { throw error }
            try resetIfBroken()
            return try body()
        }
    }

    private func runOnce(_ sql: String, _ arguments: [any PostgreSQLBindable]) throws(PostgreSQLError) -> OpaquePointer
    {
        let handle = try usableHandle()
        let name = try preparedName(handle, sql, arguments)
        let texts = arguments.map(\.postgreSQLText)
        if !ahead.isEmpty {
            let final = AheadStatement(sql: sql, name: name, texts: texts)
            guard let answer = try runPipelined(handle, final: final) else {
                throw PostgreSQLError(kind: .connection, message: lastMessage)
            }
            return answer
        }
        roundTrips += 1
        do {
            return try checked(
                Self.withOptionalCStrings(texts) { values in
                    PQexecPrepared(handle, name, Int32(texts.count), values, nil, nil, 0)
                })
        } catch {
            // "cached plan must not change result type": another node migrated the schema under a `SELECT *`.
            // The statement did nothing; preparing it afresh next time picks up the new columns.
            if error.sqlState == "0A000" { prepared[Self.preparedKey(sql, arguments)] = nil }
            throw error
        }
    }

    private static func preparedKey(_ sql: String, _ arguments: [any PostgreSQLBindable]) -> String {
        arguments.map { String(type(of: $0).postgreSQLType) }.joined(separator: ",") + "|" + sql
    }

    /// The name `sql` is prepared under on this connection, preparing it first (after the statements queued
    /// ahead, which must run before) when it is new.
    func preparedName(_ handle: OpaquePointer, _ sql: String, _ arguments: [any PostgreSQLBindable])
        throws(PostgreSQLError) -> String
    {
        let key = Self.preparedKey(sql, arguments)
        if let known = prepared[key] { return known }
        try flushAhead(handle)
        if prepared.count >= Self.maxPrepared, !isInTransaction {
            roundTrips += 1
            PQclear(try checked(PQexec(handle, "DEALLOCATE ALL")))
            prepared = [:]
        }
        preparedCount += 1
        let name = "folio_\(preparedCount)"
        let types = arguments.map { type(of: $0).postgreSQLType }
        roundTrips += 1
        PQclear(try checked(PQprepare(handle, name, sql, Int32(types.count), types)))
        prepared[key] = name
        return name
    }

    func usableHandle() throws(PostgreSQLError) -> OpaquePointer {
        guard let handle else { throw PostgreSQLError(kind: .connection, message: "the connection is closed") }
        defer { isUntouched = false }
        if PQstatus(handle) != CONNECTION_OK { try resetIfBroken() }
        return handle
    }

    /// The result when the statement succeeded; otherwise the error with its SQLSTATE (the result freed).
    func checked(_ result: OpaquePointer?) throws(PostgreSQLError) -> OpaquePointer {
        guard let result else {
            throw PostgreSQLError(kind: isOpen ? .server : .connection, message: lastMessage)
        }
        let status = PQresultStatus(result)
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY {
            return result
        }
        let sqlState = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
        let message = String(cString: PQresultErrorMessage(result))
        PQclear(result)
        let kind: PostgreSQLError.Kind = isOpen ? .server : .connection
        throw PostgreSQLError(kind: kind, sqlState: sqlState, message: message.isEmpty ? lastMessage : message)
    }

    func rows(of result: OpaquePointer) throws(PostgreSQLError) -> [Row] {
        defer { PQclear(result) }
        let fieldCount = Int(PQnfields(result))
        var columns: [String: Int] = [:]
        for field in 0..<fieldCount {
            columns[String(cString: PQfname(result, Int32(field)))] = field
        }
        let rowCount = Int(PQntuples(result))
        var rows: [Row] = []
        rows.reserveCapacity(rowCount)
        for row in 0..<rowCount {
            var values: [String?] = []
            values.reserveCapacity(fieldCount)
            for field in 0..<fieldCount {
                if PQgetisnull(result, Int32(row), Int32(field)) == 1 {
                    values.append(nil)
                } else {
                    values.append(String(cString: PQgetvalue(result, Int32(row), Int32(field))))
                }
            }
            rows.append(Row(columns: columns, values: values))
        }
        return rows
    }

    private func runSetup() throws(PostgreSQLError) {
        for statement in setup { try executeScript(statement) }
    }

    var lastMessage: String {
        guard let handle, let message = PQerrorMessage(handle) else { return "libpq gave no message" }
        let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "the connection failed" : text
    }

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        withOptionalCStrings(strings.map(Optional.some), { pointers in body(pointers + [nil]) })
    }

    static func withOptionalCStrings<R>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        let copies = strings.map { $0.flatMap { strdup($0) } }
        defer { for copy in copies { free(copy) } }
        return body(copies.map { $0.map { UnsafePointer($0) } })
    }
}
