import SQLite

/// Shared throttles on SQLite: all SQL about `throttle_buckets`.
///
/// One immediate transaction per draw: SQLite's write lock makes the read-refill-write atomic, for every
/// process on the file.
struct SQLiteThrottleStore: ThrottleStoring {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    /// Draws from `key`'s bucket and returns its level before the draw; deletes the scope's idle rows.
    func draw(_ key: String, rule: ThrottleRule, draw: ThrottleRule.Draw, now: Double) throws(StoreError) -> Double {
        try database.writing { connection in
            let level = try Self.level(key, rule: rule, now: now, connection: connection)
            try connection.execute(
                sql: "DELETE FROM throttle_buckets WHERE scope = ? AND updated_at < ?",
                arguments: [rule.scope, now - rule.idleSeconds])
            try connection.execute(
                sql: """
                    INSERT INTO throttle_buckets (scope, key, tokens, updated_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (scope, key) DO UPDATE SET tokens = excluded.tokens, updated_at = excluded.updated_at
                    """,
                arguments: [rule.scope, key, rule.level(afterDrawing: draw, from: level), now])
            return level
        }
    }

    /// The level of `key`'s bucket at `now`.
    func level(_ key: String, rule: ThrottleRule, now: Double) throws(StoreError) -> Double {
        try database.reading { connection in try Self.level(key, rule: rule, now: now, connection: connection) }
    }

    private static func level(_ key: String, rule: ThrottleRule, now: Double, connection: Connection) throws -> Double {
        let row = try connection.queryOne(
            sql: "SELECT tokens, updated_at FROM throttle_buckets WHERE scope = ? AND key = ?",
            arguments: [rule.scope, key])
        guard let row else { return rule.capacity }
        return rule.level(tokens: try row["tokens"], updated: try row["updated_at"], now: now)
    }
}
