import CSQLite

extension Migrator {
    /// Checks the recorded history against the files, then applies each pending file in order.
    func apply(_ migrations: [Migration], on connection: Connection) throws -> MigrationReport {
        try connection.execute(sql: Self.createHistorySQL)
        let recorded = try recordedChecksums(on: connection)
        let onDisk = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
        for (version, entry) in recorded.sorted(by: { $0.key < $1.key }) where onDisk[version] == nil {
            throw SQLiteError(
                kind: .migration,
                message: "\(entry.name) (version \(version)) is recorded as applied but missing from \(directory.path)",
                file: entry.name
            )
        }
        var report = MigrationReport()
        let newestApplied = recorded.keys.max()
        for migration in migrations {
            if let entry = recorded[migration.version] {
                try verify(migration, matches: entry.checksum)
                report.alreadyApplied.append(migration)
                continue
            }
            if let newestApplied, migration.version < newestApplied, let newest = onDisk[newestApplied] {
                throw SQLiteError(
                    kind: .migration,
                    message: "\(migration.name) is older than the applied \(newest.name); "
                        + "a new migration needs a number above every applied one",
                    file: migration.name
                )
            }
            if try applyOne(migration, on: connection) {
                report.applied.append(migration)
            } else {
                report.alreadyApplied.append(migration)
            }
        }
        return report
    }

    /// Runs one file and records it in one transaction.
    ///
    /// - Returns: `false` when another process recorded it between our check and our `BEGIN`.
    private func applyOne(_ migration: Migration, on connection: Connection) throws -> Bool {
        do {
            return try connection.transaction(.immediate) { connection in
                if let checksum: String = try connection.scalar(
                    sql: "SELECT checksum FROM schema_migrations WHERE version = ?", arguments: [migration.version])
                {
                    try verify(migration, matches: checksum)
                    return false
                }
                try connection.denyingTransactionStatements { try connection.executeScript(migration.sql) }
                try connection.execute(
                    sql: "INSERT INTO schema_migrations (version, name, checksum) VALUES (?, ?, ?)",
                    arguments: [migration.version, migration.name, migration.checksum]
                )
                return true
            }
        } catch let error as SQLiteError where error.kind != .migration {
            let hint =
                error.code == SQLITE_AUTH
                ? "BEGIN, COMMIT and ROLLBACK are not allowed: each migration already runs in its own transaction"
                : error.message
            throw SQLiteError(
                kind: .migration,
                extendedCode: error.extendedCode,
                message: "\(migration.name) failed and was rolled back: \(hint) "
                    + "(SQLite \(error.code)/\(error.extendedCode))",
                sql: error.sql,
                file: migration.name
            )
        }
    }

    private func verify(_ migration: Migration, matches checksum: String) throws {
        guard checksum == migration.checksum else {
            throw SQLiteError(
                kind: .migration,
                message: "\(migration.name) changed after it was applied (checksum \(checksum) recorded, "
                    + "\(migration.checksum) on disk); add a new migration instead of editing a landed one",
                file: migration.name
            )
        }
    }

    private func recordedChecksums(on connection: Connection) throws -> [Int: (name: String, checksum: String)] {
        var recorded: [Int: (name: String, checksum: String)] = [:]
        try connection.forEachRow(sql: "SELECT version, name, checksum FROM schema_migrations") { row in
            recorded[try row["version"]] = (try row["name"], try row["checksum"])
        }
        return recorded
    }

    private static let createHistorySQL = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
            checksum TEXT NOT NULL
        )
        """
}

extension Connection {
    /// Runs `body` with an authorizer that refuses `BEGIN`, `COMMIT` and `ROLLBACK` at compile time,
    /// so a script cannot end the transaction its caller opened.
    func denyingTransactionStatements<T>(_ body: () throws -> T) throws -> T {
        let database = try openHandle()
        sqlite3_set_authorizer(
            database,
            { _, action, _, _, _, _ in action == SQLITE_TRANSACTION ? SQLITE_DENY : SQLITE_OK },
            nil
        )
        defer { sqlite3_set_authorizer(database, nil, nil) }
        return try body()
    }
}
