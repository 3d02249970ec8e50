/// One result row in text format, its columns read by name into typed Swift values.
public struct Row: Sendable {
    /// Column names to positions, shared by every row of a result.
    let columns: [String: Int]
    let values: [String?]

    /// The column's value decoded as `T` (an optional `T` reads NULL as `nil`).
    public subscript<T: PostgreSQLDecodable>(_ name: String) -> T {
        get throws(PostgreSQLError) {
            guard let index = columns[name] else {
                throw PostgreSQLError(kind: .decoding, message: "no column named \(name)")
            }
            do {
                return try T(postgreSQLText: values[index])
            } catch {
                throw PostgreSQLError(kind: .decoding, message: "column \(name): \(error.message)")
            }
        }
    }

    /// The first column decoded as `T`.
    public func first<T: PostgreSQLDecodable>(as type: T.Type = T.self) throws(PostgreSQLError) -> T {
        guard let value = values.first else {
            throw PostgreSQLError(kind: .decoding, message: "the row has no columns")
        }
        return try T(postgreSQLText: value)
    }
}
