import CSQLite

/// One result row: column names and values, read by name or by position.
///
/// Typed reads throw `SQLiteError` with kind `.decoding` instead of trapping, because a changed
/// schema or a corrupt value must not crash the server:
/// `let id: Int64 = try row["id"]`, `let note: String? = try row["note"]`.
public struct Row: Sendable, Hashable {
    /// Column names in result order, as SQLite reports them (the alias when the query gives one).
    public let columns: [String]
    /// Values in result order.
    public let values: [SQLiteValue]

    init(columns: [String], values: [SQLiteValue]) {
        self.columns = columns
        self.values = values
    }

    /// The position of a column, matched exactly first and then ignoring ASCII case, as SQL does.
    public func index(ofColumn name: String) -> Int? {
        if let exact = columns.firstIndex(of: name) { return exact }
        let lowered = name.lowercased()
        return columns.firstIndex { $0.lowercased() == lowered }
    }

    /// The raw value of a column, or `nil` when the row has no such column.
    public func value(named name: String) -> SQLiteValue? {
        index(ofColumn: name).map { values[$0] }
    }

    /// The value of the named column decoded as `T`.
    ///
    /// - Throws: `SQLiteError` (kind `.decoding`) when the column is missing or holds another type.
    public subscript<T: SQLiteValueConvertible>(_ name: String) -> T {
        get throws {
            guard let index = index(ofColumn: name) else {
                throw SQLiteError(kind: .decoding, message: "no column named \(name) in \(columns)")
            }
            return try decode(at: index, column: name)
        }
    }

    /// The value at a position decoded as `T`.
    ///
    /// - Throws: `SQLiteError` (kind `.decoding`) when the position is out of range or holds another type.
    public subscript<T: SQLiteValueConvertible>(_ index: Int) -> T {
        get throws {
            guard values.indices.contains(index) else {
                throw SQLiteError(kind: .decoding, message: "no column at index \(index) of \(values.count)")
            }
            return try decode(at: index, column: columns[index])
        }
    }

    private func decode<T: SQLiteValueConvertible>(at index: Int, column: String) throws -> T {
        guard let decoded = T(sqliteValue: values[index]) else {
            throw SQLiteError(
                kind: .decoding,
                extendedCode: SQLITE_MISMATCH,
                message: "column \(column) holds \(values[index].storageClass), not \(T.self)"
            )
        }
        return decoded
    }
}

extension SQLiteValue {
    /// The storage class name, for error messages that must not show the value itself.
    var storageClass: String {
        switch self {
        case .null: "NULL"
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        }
    }
}
