import PostgreSQL

/// Webhooks on PostgreSQL: the same semantics as `SQLiteWebhookStore`, every value bound.
struct PostgresWebhookStore: WebhookStoring {
    let pool: ConnectionPool

    func create(url: String, events: [WebhookEvent]) async throws(StoreError) -> IssuedWebhook {
        let secret = WebhookSecret.generate()
        let shown = secret.shown
        let names = events.map(\.rawValue).joined(separator: " ")
        let webhook: Webhook = try await pool.committing { connection in
            let now = WallClock.nowMilliseconds()
            guard
                let row = try connection.queryOne(
                    "INSERT INTO webhooks (url, events, secret, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
                    [url, names, shown, now])
            else { throw PostgreSQLError(kind: .server, message: "INSERT … RETURNING gave no row") }
            return Webhook(id: try row["id"], url: url, events: events, createdAt: now)
        }
        return IssuedWebhook(webhook: webhook, secret: secret)
    }

    func all() async throws(StoreError) -> [Webhook] {
        try await pool.reading { connection in
            try connection.query("SELECT id, url, events, created_at FROM webhooks ORDER BY id DESC").map { row in
                Webhook(
                    id: try row["id"], url: try row["url"], events: SQLiteWebhookStore.events(try row["events"]),
                    createdAt: try row["created_at"])
            }
        }
    }

    func delete(id: Int64) async throws(StoreError) -> Bool {
        try await pool.committing { connection in
            try connection.execute("DELETE FROM webhooks WHERE id = $1", [id]) == 1
        }
    }

    func deliveries(webhookID: Int64?, limit: Int) async throws(StoreError) -> [Delivery] {
        try await pool.reading { connection in
            try connection.query(
                "SELECT * FROM outbox WHERE ($1::bigint IS NULL OR webhook_id = $1) ORDER BY id DESC LIMIT $2",
                [webhookID, limit]
            ).map(Self.delivery(from:))
        }
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
