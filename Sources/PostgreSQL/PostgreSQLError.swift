import Foundation

/// Every failure of the PostgreSQL module: a refused or lost connection, a statement the server rejected
/// (with its SQLSTATE), a value that does not decode, a bad connection string, a migration that cannot run.
public struct PostgreSQLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The families of failure callers tell apart.
    public enum Kind: Sendable, Equatable {
        /// The server cannot be reached, refused the login, or the connection broke.
        case connection
        /// The server rejected a statement; `sqlState` says why.
        case server
        /// A column's text does not decode to the requested Swift type.
        case decoding
        /// The connection string is malformed.
        case configuration
        /// A migration is missing, changed, newer than this binary's, or failed.
        case migration
        /// Too many requests wait for a connection.
        case overloaded
        /// The pool was closed.
        case closed
    }

    public var kind: Kind
    /// The five-character SQLSTATE the server reported (`23505` unique violation, `53100` disk full…).
    public var sqlState: String?
    /// The server's or libpq's explanation (never holds bound values or the password).
    public var message: String

    public init(kind: Kind, sqlState: String? = nil, message: String) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
    }

    /// One line: libpq's multi-line messages (a hint on a tab-indented second line) are joined.
    public var description: String {
        let trimmed = message.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        return sqlState.map { "\(trimmed) (SQLSTATE \($0))" } ?? trimmed
    }

    /// Whether retrying later may succeed: the server is away, shutting down, or out of connections.
    public var isUnavailable: Bool {
        kind == .connection || (sqlState.map { $0.hasPrefix("08") || $0.hasPrefix("57P") || $0 == "53300" } ?? false)
    }

    /// The disk under the server is full (SQLSTATE 53100).
    public var isDiskFull: Bool { sqlState == "53100" }

    /// A serialization failure, deadlock or lock timeout: the transaction may be retried.
    public var isContention: Bool { ["40001", "40P01", "55P03"].contains(sqlState ?? "") }
}
