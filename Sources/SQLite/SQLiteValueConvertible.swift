import Foundation

/// A Swift type that binds to a statement parameter and decodes from a column.
///
/// Decoding is strict (an integer column does not become a `String`) so that schema mistakes surface
/// as `SQLiteError` with kind `.decoding` instead of as silently wrong values.
public protocol SQLiteValueConvertible: Sendable {
    /// The value bound to a statement parameter.
    var sqliteValue: SQLiteValue { get }

    /// Decodes a column value, or returns `nil` when the stored value has another type.
    init?(sqliteValue: SQLiteValue)
}

extension SQLiteValue: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { self }

    public init?(sqliteValue: SQLiteValue) {
        self = sqliteValue
    }
}

extension Int64: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .integer(self) }

    public init?(sqliteValue: SQLiteValue) {
        guard case .integer(let value) = sqliteValue else { return nil }
        self = value
    }
}

extension Int: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .integer(Int64(self)) }

    public init?(sqliteValue: SQLiteValue) {
        guard case .integer(let value) = sqliteValue, let exact = Int(exactly: value) else { return nil }
        self = exact
    }
}

extension Int32: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .integer(Int64(self)) }

    public init?(sqliteValue: SQLiteValue) {
        guard case .integer(let value) = sqliteValue, let exact = Int32(exactly: value) else { return nil }
        self = exact
    }
}

extension Double: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .real(self) }

    /// Accepts integers too: SQLite stores a `REAL` column's whole numbers as integers.
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Bool: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }

    /// Any non-zero integer is `true`, as in SQL.
    public init?(sqliteValue: SQLiteValue) {
        guard case .integer(let value) = sqliteValue else { return nil }
        self = value != 0
    }
}

extension String: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .text(self) }

    public init?(sqliteValue: SQLiteValue) {
        guard case .text(let value) = sqliteValue else { return nil }
        self = value
    }
}

extension Array: SQLiteValueConvertible where Element == UInt8 {
    public var sqliteValue: SQLiteValue { .blob(self) }

    public init?(sqliteValue: SQLiteValue) {
        guard case .blob(let bytes) = sqliteValue else { return nil }
        self = bytes
    }
}

extension Data: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { .blob([UInt8](self)) }

    public init?(sqliteValue: SQLiteValue) {
        guard case .blob(let bytes) = sqliteValue else { return nil }
        self = Data(bytes)
    }
}

extension Date: SQLiteValueConvertible {
    /// Unix time in whole milliseconds as `INTEGER`, the convention of Folio's schema: SQL compares and
    /// sorts it directly, and integers round-trip exactly where `REAL` seconds would not.
    public var sqliteValue: SQLiteValue {
        .integer(Int64((timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// Also accepts `REAL` milliseconds, which is what a `REAL`-affinity column makes of the integer.
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .integer(let milliseconds): self = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        case .real(let milliseconds): self = Date(timeIntervalSince1970: milliseconds / 1000)
        default: return nil
        }
    }
}

extension Optional: SQLiteValueConvertible where Wrapped: SQLiteValueConvertible {
    public var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }

    /// `NULL` decodes as `nil`; any other value must decode as `Wrapped`.
    public init?(sqliteValue: SQLiteValue) {
        if sqliteValue.isNull {
            self = .none
        } else if let wrapped = Wrapped(sqliteValue: sqliteValue) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }
}
