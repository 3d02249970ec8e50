import SQLite

/// Admin settings on SQLite: the `admin_settings` key-value table.
struct SQLiteAdminSettingStore: AdminSettingStoring {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    func adminTokenDigest() throws(StoreError) -> String? {
        try database.reading { connection in
            try connection.scalar(sql: "SELECT value FROM admin_settings WHERE key = 'admin_token_sha256'")
        }
    }

    func saveAdminTokenDigest(_ hex: String) throws(StoreError) {
        try database.writing { connection in
            try connection.execute(
                sql: "INSERT OR REPLACE INTO admin_settings (key, value) VALUES ('admin_token_sha256', ?)",
                arguments: [hex])
        }
    }

    func saveAdminTokenDigestIfAbsent(_ hex: String) throws(StoreError) -> String {
        try database.writing { connection in
            try connection.execute(
                sql: "INSERT OR IGNORE INTO admin_settings (key, value) VALUES ('admin_token_sha256', ?)",
                arguments: [hex])
            guard
                let stored: String = try connection.scalar(
                    sql: "SELECT value FROM admin_settings WHERE key = 'admin_token_sha256'")
            else { throw SQLiteError(kind: .decoding, message: "admin_settings lost its admin token digest") }
            return stored
        }
    }
}
