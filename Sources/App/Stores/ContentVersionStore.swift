import SQLite

/// A recorded load of `Content/`: what was served from when, who asked, and the report.
public struct ContentVersion: Sendable, Equatable {
    public var id: Int64
    public var contentHash: String
    public var loadedAt: Int64
    public var loadedBy: String
    public var outcome: String
    public var report: String
}

/// All SQL about content versions (the audit trail of loads and reloads).
public struct ContentVersionStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Records a load attempt and returns its row; `loaded` versions are the ones attempts refer to.
    public func record(contentHash: String, loadedBy: String, loaded: Bool, report: String) throws -> ContentVersion {
        try database.write { connection in
            let now = Clock.nowMilliseconds()
            try connection.execute(
                sql: """
                    INSERT INTO content_versions (content_hash, loaded_at, loaded_by, outcome, report)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [contentHash, now, loadedBy, loaded ? "loaded" : "rejected", report])
            return ContentVersion(
                id: connection.lastInsertedRowID, contentHash: contentHash, loadedAt: now, loadedBy: loadedBy,
                outcome: loaded ? "loaded" : "rejected", report: report)
        }
    }

    /// The most recent versions, newest first.
    public func recent(limit: Int) throws -> [ContentVersion] {
        try database.read { connection in
            try connection.query(
                sql: "SELECT * FROM content_versions ORDER BY id DESC LIMIT ?", arguments: [limit]
            ).map { row in
                ContentVersion(
                    id: try row["id"], contentHash: try row["content_hash"], loadedAt: try row["loaded_at"],
                    loadedBy: try row["loaded_by"], outcome: try row["outcome"], report: try row["report"])
            }
        }
    }
}
