/// An event to deliver, as written to the outbox in the transaction that produced it.
struct OutboxMessage: Sendable, Equatable {
    /// Who receives it.
    enum Audience: Sendable, Equatable {
        /// Every webhook subscribed to the event: one delivery each.
        case subscribers(WebhookEvent)
        /// The configured xAPI learning record store (`--xapi-endpoint`).
        case recordStore
    }

    var audience: Audience
    /// The body posted, byte for byte the same on every retry (JSON).
    var payload: String

    /// The name stored with each delivery: the webhook event, or `xapi.statement`.
    var event: String {
        switch audience {
        case .subscribers(let event): event.rawValue
        case .recordStore: Self.statementEvent
        }
    }

    static let statementEvent = "xapi.statement"
}

/// One delivery in the outbox: a message for one receiver, with its attempts so far.
struct Delivery: Sendable, Equatable {
    /// Where a delivery stands.
    enum State: String, Sendable {
        case pending
        case delivered
        /// Still failing a day after the event: no more tries.
        case failed
    }

    var id: Int64
    /// The `webhook-id` header: the same on every retry, so receivers can drop repeats.
    var messageID: String
    /// `nil` for the learning record store.
    var webhookID: Int64?
    var event: String
    var payload: String
    var createdAt: Int64
    var attempts: Int
    /// When the next try is due (Unix ms), for a pending delivery.
    var nextAttemptAt: Int64
    /// The receiver's last HTTP status, `nil` when it never answered.
    var lastStatus: Int?
    /// Why the last try failed, without secrets.
    var lastError: String?
    var deliveredAt: Int64?
    var failedAt: Int64?

    var state: State {
        if deliveredAt != nil { return .delivered }
        if failedAt != nil { return .failed }
        return .pending
    }
}

/// A delivery taken by the worker, with where and how to send it.
struct DueDelivery: Sendable {
    var delivery: Delivery
    /// The webhook's URL and secret; `nil` for the learning record store.
    var url: String?
    var secret: String?
}

/// What one try of a delivery came to.
enum DeliveryOutcome: Sendable, Equatable {
    /// The receiver answered 2xx.
    case delivered(status: Int)
    /// The receiver answered something else (a redirect included: they are not followed).
    case refused(status: Int)
    /// No answer: refused connection, reset, timeout, DNS failure.
    case unreachable(String)
}
