/// One value as SQLite stores it: the five storage classes of https://sqlite.org/datatype3.html.
///
/// Literals build values directly (`[1, "text", nil, 2.5]`), so arguments read like the SQL they fill.
public enum SQLiteValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// Whether the value is SQL `NULL`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension SQLiteValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension SQLiteValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) {
        self = .integer(value)
    }
}

extension SQLiteValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) {
        self = .real(value)
    }
}

extension SQLiteValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self = .text(value)
    }
}

extension SQLiteValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) {
        self = .integer(value ? 1 : 0)
    }
}

extension SQLiteValue: CustomStringConvertible {
    /// A short rendering for debugging; blobs show only their size.
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let bytes): "<blob \(bytes.count) bytes>"
        }
    }
}
