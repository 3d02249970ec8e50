import CSQLite
import Foundation

extension Connection {
    /// Runs every statement of a script in order, as migrations need; stops at the first failure.
    ///
    /// Statements are compiled one at a time (so a later one may use a table an earlier one created)
    /// and are not cached. Only for trusted SQL from files: a script takes no arguments.
    /// - Throws: `SQLiteError` whose `sql` is the failing statement.
    public func executeScript(_ script: String) throws {
        let database = try openHandle()
        try script.withCString { start in
            var next: UnsafePointer<CChar>? = start
            while let current = next, current.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let prepared = sqlite3_prepare_v2(database, current, -1, &statement, &tail)
                defer { sqlite3_finalize(statement) }
                let text = Self.statementText(from: current, to: tail)
                guard prepared == SQLITE_OK else {
                    throw SQLiteError(resultCode: prepared, handle: database, sql: text)
                }
                next = tail
                guard let statement else { continue }  // whitespace or a comment
                var stepped = sqlite3_step(statement)
                while stepped == SQLITE_ROW {
                    stepped = sqlite3_step(statement)
                }
                guard stepped == SQLITE_DONE else {
                    throw SQLiteError(resultCode: stepped, handle: database, sql: text)
                }
            }
        }
    }

    private static func statementText(from start: UnsafePointer<CChar>, to end: UnsafePointer<CChar>?) -> String {
        guard let end, end > start else { return String(cString: start) }
        let bytes = UnsafeRawBufferPointer(start: start, count: end - start)
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
