import Locking
import PostgreSQL

/// PostgreSQL's health for `/healthz` and `/metrics`: whether it answers, and the database's size
/// (`pg_database_size`, sampled by each check). A full disk is reported by the write that hit it (SQLSTATE
/// 53100, a 503 `storage_full`), so there is no storage probe.
final class PostgresDatabaseHealth: DatabaseHealth {
    let pool: ConnectionPool
    private let size = Locked<Int64>(0)

    init(pool: ConnectionPool) {
        self.pool = pool
    }

    /// Asks the server for its database's size; throws `.unavailable` when it does not answer.
    func check() throws(StoreError) {
        let size = try pool.readingBlocking { connection in
            try connection.queryOne("SELECT pg_database_size(current_database()) AS size")?.first(as: Int64.self)
        }
        self.size.withLock { $0 = size ?? 0 }
    }

    func probeStorage(now: Double) async -> Bool { false }

    var isFull: Bool { false }

    var sizeBytes: Int64 { size.withLock { $0 } }
}
