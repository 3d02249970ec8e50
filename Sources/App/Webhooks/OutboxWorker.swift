import Foundation
import Locking

/// Delivers the outbox in the background: takes due deliveries, posts them (signed for webhooks, with
/// Basic credentials for the learning record store), records each outcome and schedules retries.
///
/// Requests never wait for it: they only write delivery rows. Deliveries are at least once: one taken but
/// not settled (a crash mid-try) is taken again when its lease ends, with the same `webhook-id`.
final class OutboxWorker: Sendable {
    private let outbox: any OutboxStoring
    private let policy: OutboxPolicy
    private let client: OutboundClient
    private let recordStore: RecordStoreEndpoint?
    private let logger: Logger
    /// Records `cohort.overdue` events; run every `policy.overdueCheckInterval` seconds.
    private let overdueCheck: (@Sendable () async throws -> Void)?
    private let task = Locked<Task<Void, Never>?>(nil)

    init(
        outbox: any OutboxStoring, policy: OutboxPolicy, recordStore: RecordStoreEndpoint?, logger: Logger,
        overdueCheck: (@Sendable () async throws -> Void)? = nil
    ) {
        self.outbox = outbox
        self.policy = policy
        self.client = OutboundClient(connectTimeout: policy.connectTimeout, totalTimeout: policy.totalTimeout)
        self.recordStore = recordStore
        self.logger = logger
        self.overdueCheck = overdueCheck
    }

    /// Starts the delivery loop (once).
    func start() {
        task.withLock { current in
            guard current == nil else { return }
            current = Task.detached { [self] in await run() }
        }
    }

    /// Stops the loop after the tries in progress; their outcomes are recorded before it returns.
    func stop() async {
        let running = task.withLock { current -> Task<Void, Never>? in
            defer { current = nil }
            return current
        }
        running?.cancel()
        await running?.value
    }

    private func run() async {
        var nextOverdueCheck = Date.distantPast
        while !Task.isCancelled {
            if let overdueCheck, Date() >= nextOverdueCheck {
                nextOverdueCheck = Date().addingTimeInterval(policy.overdueCheckInterval)
                do {
                    try await overdueCheck()
                } catch {
                    logger.log(.error, "overdue check failed", ["error": String(describing: error)])
                }
            }
            let delivered = await deliverDue()
            if delivered == 0 {
                do {
                    try await Task.sleep(for: .milliseconds(Int(policy.pollInterval * 1000)))
                } catch {
                    return
                }
            }
        }
    }

    /// Delivers what is due now, a batch of `policy.concurrency` at a time; returns how many were tried.
    @discardableResult
    func deliverDue() async -> Int {
        let now = WallClock.nowMilliseconds()
        let due: [DueDelivery]
        do {
            guard try await outbox.hasDue(at: now) else { return 0 }
            due = try await outbox.take(
                at: now, limit: policy.concurrency, lease: Int64(policy.lease * 1000))
        } catch {
            logger.log(.error, "outbox unavailable", ["error": String(describing: error)])
            return 0
        }
        await withTaskGroup(of: Void.self) { group in
            for item in due {
                group.addTask { await self.deliver(item) }
            }
        }
        return due.count
    }

    private func deliver(_ due: DueDelivery) async {
        let delivery = due.delivery
        let outcome: DeliveryOutcome
        if let post = request(for: due) {
            outcome = Self.settle(await client.sendOffPool(post), recordStore: delivery.webhookID == nil)
        } else {
            outcome = .unreachable(delivery.webhookID == nil ? "no xAPI endpoint is configured" : "unusable secret")
        }
        let now = WallClock.nowMilliseconds()
        var next: Int64?
        if case .delivered = outcome {
            next = nil
        } else {
            next = policy.nextAttempt(
                afterAttempts: delivery.attempts + 1, createdAt: delivery.createdAt, now: now,
                random: Double.random(in: 0..<1))
        }
        let receiver = delivery.webhookID.map { "webhook \($0)" } ?? "xapi"
        switch outcome {
        case .delivered(let status):
            logger.log(
                .info, "delivery sent",
                ["id": delivery.messageID, "event": delivery.event, "to": receiver, "status": String(status)])
        case .refused, .unreachable:
            logger.log(
                next == nil ? .error : .warning,
                next == nil ? "delivery failed for good" : "delivery failed; will retry",
                [
                    "id": delivery.messageID, "event": delivery.event, "to": receiver,
                    "reason": Self.reason(outcome), "attempt": String(delivery.attempts + 1),
                ])
        }
        do {
            try await outbox.record(outcome, for: delivery.id, at: now, next: next)
        } catch {
            // The lease runs out and the delivery is taken again: at least once, never lost.
            logger.log(
                .error, "cannot record a delivery", ["id": delivery.messageID, "error": String(describing: error)])
        }
    }

    /// The POST for a delivery: a signed webhook, or a statement for the learning record store.
    private func request(for due: DueDelivery) -> OutboundClient.Post? {
        let delivery = due.delivery
        let body = Array(delivery.payload.utf8)
        guard delivery.webhookID != nil else {
            guard let recordStore else { return nil }
            let credentials = recordStore.username.map { ($0, recordStore.password ?? "") }
            return OutboundClient.Post(
                url: recordStore.statementsURL,
                headers: [("X-Experience-API-Version", XAPIStatement.version)], body: body,
                basicAuth: credentials)
        }
        guard let url = due.url, let secret = due.secret.flatMap(WebhookSecret.init(shown:)) else { return nil }
        let timestamp = WallClock.nowMilliseconds() / 1000
        return OutboundClient.Post(
            url: url,
            headers: [
                ("webhook-id", delivery.messageID), ("webhook-timestamp", String(timestamp)),
                ("webhook-signature", secret.signature(id: delivery.messageID, timestamp: timestamp, body: body)),
            ],
            body: body, basicAuth: nil)
    }

    /// A learning record store answers 409 for a statement id it already holds: that push is done.
    static func settle(_ outcome: DeliveryOutcome, recordStore: Bool) -> DeliveryOutcome {
        if recordStore, case .refused(409) = outcome { return .delivered(status: 409) }
        return outcome
    }

    static func reason(_ outcome: DeliveryOutcome) -> String {
        switch outcome {
        case .delivered(let status): "HTTP \(status)"
        case .refused(let status): "answered HTTP \(status)"
        case .unreachable(let reason): reason
        }
    }
}
