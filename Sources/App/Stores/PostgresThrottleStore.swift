import PostgreSQL

/// Shared throttles on PostgreSQL: the same semantics as `SQLiteThrottleStore`.
///
/// The bucket's row is locked (`SELECT … FOR UPDATE`, after an `INSERT … ON CONFLICT DO NOTHING` so there is
/// a row to lock) for the read-refill-write, so two nodes drawing at once are serialised.
struct PostgresThrottleStore: ThrottleStoring {
    let pool: ConnectionPool

    func draw(_ key: String, rule: ThrottleRule, draw: ThrottleRule.Draw, now: Double) throws(StoreError) -> Double {
        try pool.committingBlocking { connection in
            try connection.execute(
                "DELETE FROM throttle_buckets WHERE scope = $1 AND updated_at < $2",
                [rule.scope, now - rule.idleSeconds])
            try connection.execute(
                """
                INSERT INTO throttle_buckets (scope, key, tokens, updated_at) VALUES ($1, $2, $3, $4)
                ON CONFLICT (scope, key) DO NOTHING
                """, [rule.scope, key, rule.capacity, now])
            let row = try connection.queryOne(
                "SELECT tokens, updated_at FROM throttle_buckets WHERE scope = $1 AND key = $2 FOR UPDATE",
                [rule.scope, key])
            let level = rule.level(tokens: try row?["tokens"], updated: try row?["updated_at"], now: now)
            try connection.execute(
                "UPDATE throttle_buckets SET tokens = $3, updated_at = $4 WHERE scope = $1 AND key = $2",
                [rule.scope, key, rule.level(afterDrawing: draw, from: level), now])
            return level
        }
    }

    func level(_ key: String, rule: ThrottleRule, now: Double) throws(StoreError) -> Double {
        try pool.readingBlocking { connection in
            let row = try connection.queryOne(
                "SELECT tokens, updated_at FROM throttle_buckets WHERE scope = $1 AND key = $2", [rule.scope, key])
            return rule.level(tokens: try row?["tokens"], updated: try row?["updated_at"], now: now)
        }
    }
}
