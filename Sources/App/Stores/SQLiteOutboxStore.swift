import SQLite

/// The outbox on SQLite: deliveries written with their event, taken and settled by the worker.
struct SQLiteOutboxStore: OutboxStoring {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    /// Writes one delivery per receiver of each message, in the caller's transaction: the deliveries commit
    /// or roll back with the event. Returns how many were written.
    @discardableResult
    static func enqueue(_ messages: [OutboxMessage], at now: Int64, on connection: Connection) throws -> Int {
        guard !messages.isEmpty else { return 0 }
        var subscribers: [(id: Int64, events: [WebhookEvent])] = []
        if messages.contains(where: { $0.audience != .recordStore }) {
            subscribers = try connection.query(sql: "SELECT id, events FROM webhooks").map { row in
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
                    sql: """
                        INSERT INTO outbox (message_id, webhook_id, event, payload, created_at, next_attempt_at)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: ["msg_" + Secrets.makeToken(), webhookID, message.event, message.payload, now, now])
                written += 1
            }
        }
        return written
    }

    func hasDue(at now: Int64) async throws(StoreError) -> Bool {
        try await database.reading { connection in
            try connection.queryOne(
                sql: """
                    SELECT 1 FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?
                    LIMIT 1
                    """,
                arguments: [now]) != nil
        }
    }

    func take(at now: Int64, limit: Int, lease: Int64) async throws(StoreError) -> [DueDelivery] {
        try await database.committing { connection in
            let rows = try connection.query(
                sql: """
                    SELECT o.*, w.url AS webhook_url, w.secret AS webhook_secret FROM outbox o
                    LEFT JOIN webhooks w ON w.id = o.webhook_id
                    WHERE o.delivered_at IS NULL AND o.failed_at IS NULL AND o.next_attempt_at <= ?
                    ORDER BY o.next_attempt_at LIMIT ?
                    """,
                arguments: [now, limit])
            var taken: [DueDelivery] = []
            for row in rows {
                let delivery = try SQLiteWebhookStore.delivery(from: row)
                try connection.execute(
                    sql: "UPDATE outbox SET next_attempt_at = ? WHERE id = ?", arguments: [now + lease, delivery.id])
                taken.append(
                    DueDelivery(delivery: delivery, url: try row["webhook_url"], secret: try row["webhook_secret"]))
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
        try await database.committing { connection in
            try connection.execute(
                sql: """
                    UPDATE outbox SET attempts = attempts + 1, last_status = ?, last_error = ?, delivered_at = ?,
                    failed_at = ?, next_attempt_at = ? WHERE id = ?
                    """,
                arguments: [status, problem, delivered, failed, next ?? now, deliveryID])
        }
    }

    func overdueLearners(cohortID: Int64) async throws(StoreError) -> Set<Int64> {
        try await database.reading { connection in
            Set(
                try connection.query(
                    sql: "SELECT learner_id FROM overdue_notices WHERE cohort_id = ?", arguments: [cohortID]
                ).map { row -> Int64 in try row["learner_id"] })
        }
    }

    func recordOverdue(cohortID: Int64, learnerID: Int64, message: OutboxMessage, at now: Int64)
        async throws(StoreError) -> Bool
    {
        try await database.committing { connection in
            try connection.execute(
                sql: "INSERT OR IGNORE INTO overdue_notices (cohort_id, learner_id, noticed_at) VALUES (?, ?, ?)",
                arguments: [cohortID, learnerID, now])
            guard connection.changes == 1 else { return false }
            try Self.enqueue([message], at: now, on: connection)
            return true
        }
    }
}
