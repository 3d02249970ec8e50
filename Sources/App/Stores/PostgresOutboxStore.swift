import PostgreSQL

/// The outbox on PostgreSQL: the same semantics as `SQLiteOutboxStore`. Workers on several nodes take
/// different deliveries (`FOR UPDATE SKIP LOCKED`), so a delivery is tried by one node at a time.
struct PostgresOutboxStore: OutboxStoring {
    let pool: ConnectionPool

    /// Writes one delivery per receiver of each message in the caller's transaction.
    @discardableResult
    static func enqueue(_ messages: [OutboxMessage], at now: Int64, on connection: Connection) throws -> Int {
        guard !messages.isEmpty else { return 0 }
        var subscribers: [(id: Int64, events: [WebhookEvent])] = []
        if messages.contains(where: { $0.audience != .recordStore }) {
            subscribers = try connection.query("SELECT id, events FROM webhooks").map { row in
                (try row["id"], SQLiteWebhookStore.events(try row["events"]))
            }
        }
        var written = 0
        for message in messages {
            let receivers: [Int64?]
            switch message.audience {
            case .recordStore: receivers = [nil]
            case .subscribers(let event): receivers = subscribers.filter { $0.events.contains(event) }.map(\.id)
            }
            for webhookID in receivers {
                try connection.execute(
                    """
                    INSERT INTO outbox (message_id, webhook_id, event, payload, created_at, next_attempt_at)
                    VALUES ($1, $2, $3, $4, $5, $5)
                    """,
                    ["msg_" + Secrets.makeToken(), webhookID, message.event, message.payload, now])
                written += 1
            }
        }
        return written
    }

    func hasDue(at now: Int64) async throws(StoreError) -> Bool {
        try await pool.reading { connection in
            try connection.queryOne(
                """
                SELECT 1 FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1 LIMIT 1
                """,
                [now]) != nil
        }
    }

    func take(at now: Int64, limit: Int, lease: Int64) async throws(StoreError) -> [DueDelivery] {
        try await pool.committing { connection in
            let rows = try connection.query(
                """
                UPDATE outbox o SET next_attempt_at = $3 FROM (
                    SELECT id FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1
                    ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED
                ) due
                WHERE o.id = due.id
                RETURNING o.*
                """,
                [now, limit, now + lease])
            var taken: [DueDelivery] = []
            for row in rows {
                var delivery = try PostgresWebhookStore.delivery(from: row)
                delivery.nextAttemptAt = now
                var url: String?
                var secret: String?
                if let webhookID = delivery.webhookID,
                    let hook = try connection.queryOne("SELECT url, secret FROM webhooks WHERE id = $1", [webhookID])
                {
                    url = try hook["url"]
                    secret = try hook["secret"]
                }
                taken.append(DueDelivery(delivery: delivery, url: url, secret: secret))
            }
            return taken
        }
    }

    func record(_ outcome: DeliveryOutcome, for deliveryID: Int64, at now: Int64, next: Int64?)
        async throws(StoreError)
    {
        let status: Int?
        let problem: String?
        switch outcome {
        case .delivered(let code): (status, problem) = (code, nil)
        case .refused(let code): (status, problem) = (code, "answered HTTP \(code)")
        case .unreachable(let reason): (status, problem) = (nil, reason)
        }
        let delivered: Int64? = if case .delivered = outcome { now } else { nil }
        let failed: Int64? = delivered == nil && next == nil ? now : nil
        let nextAttempt = next ?? now
        try await pool.committing { connection in
            _ = try connection.execute(
                """
                UPDATE outbox SET attempts = attempts + 1, last_status = $1, last_error = $2, delivered_at = $3,
                failed_at = $4, next_attempt_at = $5 WHERE id = $6
                """,
                [status, problem, delivered, failed, nextAttempt, deliveryID])
        }
    }

    func overdueLearners(cohortID: Int64) async throws(StoreError) -> Set<Int64> {
        try await pool.reading { connection in
            Set(
                try connection.query("SELECT learner_id FROM overdue_notices WHERE cohort_id = $1", [cohortID])
                    .map { row -> Int64 in try row["learner_id"] })
        }
    }

    func recordOverdue(cohortID: Int64, learnerID: Int64, message: OutboxMessage, at now: Int64)
        async throws(StoreError) -> Bool
    {
        try await pool.committing { connection in
            let inserted = try connection.execute(
                """
                INSERT INTO overdue_notices (cohort_id, learner_id, noticed_at) VALUES ($1, $2, $3)
                ON CONFLICT DO NOTHING
                """,
                [cohortID, learnerID, now])
            guard inserted == 1 else { return false }
            try Self.enqueue([message], at: now, on: connection)
            return true
        }
    }
}
