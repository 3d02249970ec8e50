import SQLite

/// Webhooks on SQLite: the `webhooks` table and the console's listing of `outbox` deliveries.
struct SQLiteWebhookStore: WebhookStoring {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    func create(url: String, events: [WebhookEvent]) async throws(StoreError) -> IssuedWebhook {
        let secret = WebhookSecret.generate()
        let shown = secret.shown
        let names = events.map(\.rawValue).joined(separator: " ")
        let webhook: Webhook = try await database.committing { connection in
            let now = WallClock.nowMilliseconds()
            try connection.execute(
                sql: "INSERT INTO webhooks (url, events, secret, created_at) VALUES (?, ?, ?, ?)",
                arguments: [url, names, shown, now])
            return Webhook(id: connection.lastInsertedRowID, url: url, events: events, createdAt: now)
        }
        return IssuedWebhook(webhook: webhook, secret: secret)
    }

    func all() async throws(StoreError) -> [Webhook] {
        try await database.reading { connection in
            try connection.query(sql: "SELECT id, url, events, created_at FROM webhooks ORDER BY id DESC")
                .map(Self.webhook(from:))
        }
    }

    func delete(id: Int64) async throws(StoreError) -> Bool {
        try await database.committing { connection in
            try connection.execute(sql: "DELETE FROM webhooks WHERE id = ?", arguments: [id])
            return connection.changes == 1
        }
    }

    func deliveries(webhookID: Int64?, limit: Int) async throws(StoreError) -> [Delivery] {
        try await database.reading { connection in
            try connection.query(
                sql: "SELECT * FROM outbox WHERE (?1 IS NULL OR webhook_id = ?1) ORDER BY id DESC LIMIT ?2",
                arguments: [webhookID, limit]
            ).map(Self.delivery(from:))
        }
    }

    /// The events named in a `webhooks.events` cell; unknown names (from a later version) are skipped.
    static func events(_ text: String) -> [WebhookEvent] {
        text.split(separator: " ").compactMap { WebhookEvent(rawValue: String($0)) }
    }

    static func webhook(from row: Row) throws -> Webhook {
        Webhook(
            id: try row["id"], url: try row["url"], events: events(try row["events"]),
            createdAt: try row["created_at"])
    }

    static func delivery(from row: Row) throws -> Delivery {
        Delivery(
            id: try row["id"], messageID: try row["message_id"], webhookID: try row["webhook_id"],
            event: try row["event"], payload: try row["payload"], createdAt: try row["created_at"],
            attempts: try row["attempts"], nextAttemptAt: try row["next_attempt_at"],
            lastStatus: try row["last_status"], lastError: try row["last_error"],
            deliveredAt: try row["delivered_at"], failedAt: try row["failed_at"])
    }
}
