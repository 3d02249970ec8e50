import PostgreSQL

/// The server's own settings on PostgreSQL: shared by every node, so one generated admin token serves all.
struct PostgresAdminSettingStore: AdminSettingStoring {
    let pool: ConnectionPool

    func adminTokenDigest() throws(StoreError) -> String? {
        try pool.readingBlocking { connection in
            try connection.queryOne("SELECT value FROM admin_settings WHERE key = 'admin_token_sha256'")
                .map { row in try row["value"] }
        }
    }

    func saveAdminTokenDigest(_ hex: String) throws(StoreError) {
        try pool.committingBlocking { connection in
            try connection.execute(
                """
                INSERT INTO admin_settings (key, value) VALUES ('admin_token_sha256', $1)
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """,
                [hex])
        }
    }

    func saveAdminTokenDigestIfAbsent(_ hex: String) throws(StoreError) -> String {
        try pool.committingBlocking { connection in
            // A concurrent insert makes this one wait for its commit and do nothing; the read that follows
            // (a new snapshot) sees the winner.
            try connection.execute(
                "INSERT INTO admin_settings (key, value) VALUES ('admin_token_sha256', $1) ON CONFLICT (key) DO NOTHING",
                [hex])
            guard
                let row = try connection.queryOne("SELECT value FROM admin_settings WHERE key = 'admin_token_sha256'")
            else { throw PostgreSQLError(kind: .server, message: "admin_settings lost its admin token digest") }
            return try row["value"] as String
        }
    }
}
