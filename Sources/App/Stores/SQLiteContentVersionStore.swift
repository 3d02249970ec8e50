import SQLite

/// Content versions on SQLite: all SQL about content versions (the audit trail of loads and reloads).
struct SQLiteContentVersionStore: ContentVersionStoring {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    /// Records a load attempt and returns its row; `loaded` versions are the ones attempts refer to.
    func record(contentHash: String, loadedBy: String, outcome: ContentVersion.Outcome, report: String)
        throws(StoreError) -> ContentVersion
    {
        try database.writing { connection in
            let now = WallClock.nowMilliseconds()
            try connection.execute(
                sql: """
                    INSERT INTO content_versions (content_hash, loaded_at, loaded_by, outcome, report)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [contentHash, now, loadedBy, outcome.rawValue, report])
            return ContentVersion(
                id: connection.lastInsertedRowID, contentHash: contentHash, loadedAt: now, loadedBy: loadedBy,
                outcome: outcome, report: report)
        }
    }

    /// The most recent versions, newest first.
    func recent(limit: Int) throws(StoreError) -> [ContentVersion] {
        try database.reading { connection in
            try connection.query(
                sql: "SELECT * FROM content_versions ORDER BY id DESC LIMIT ?", arguments: [limit]
            ).map(Self.version(from:))
        }
    }

    /// The newest version a node loaded on its own (not on another node's announcement).
    func lastAccepted() throws(StoreError) -> ContentVersion? {
        try database.reading { connection in
            try connection.queryOne(
                sql: """
                    SELECT * FROM content_versions WHERE outcome = 'loaded' AND loaded_by <> ?
                    ORDER BY id DESC LIMIT 1
                    """,
                arguments: [ContentHost.announcementActor]
            ).map(Self.version(from:))
        }
    }

    static func version(from row: Row) throws -> ContentVersion {
        let outcomeText: String = try row["outcome"]
        guard let outcome = ContentVersion.Outcome(rawValue: outcomeText) else {
            throw SQLiteError(kind: .decoding, message: "content_versions.outcome holds an unknown outcome")
        }
        return ContentVersion(
            id: try row["id"], contentHash: try row["content_hash"], loadedAt: try row["loaded_at"],
            loadedBy: try row["loaded_by"], outcome: outcome, report: try row["report"])
    }
}
