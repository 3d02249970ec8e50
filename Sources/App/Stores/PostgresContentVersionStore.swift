import PostgreSQL

/// The audit trail of content loads on PostgreSQL: the same semantics as `SQLiteContentVersionStore`.
struct PostgresContentVersionStore: ContentVersionStoring {
    let pool: ConnectionPool

    func record(contentHash: String, loadedBy: String, outcome: ContentVersion.Outcome, report: String)
        throws(StoreError) -> ContentVersion
    {
        try pool.committingBlocking { connection in
            let now = WallClock.nowMilliseconds()
            guard
                let row = try connection.queryOne(
                    """
                    INSERT INTO content_versions (content_hash, loaded_at, loaded_by, outcome, report)
                    VALUES ($1, $2, $3, $4, $5) RETURNING id
                    """,
                    [contentHash, now, loadedBy, outcome.rawValue, report])
            else { throw PostgreSQLError(kind: .server, message: "INSERT … RETURNING gave no row") }
            return ContentVersion(
                id: try row["id"], contentHash: contentHash, loadedAt: now, loadedBy: loadedBy, outcome: outcome,
                report: report)
        }
    }

    func recent(limit: Int) throws(StoreError) -> [ContentVersion] {
        try pool.readingBlocking { connection in
            try connection.query("SELECT * FROM content_versions ORDER BY id DESC LIMIT $1", [limit])
                .map(PostgresRows.contentVersion)
        }
    }
}
