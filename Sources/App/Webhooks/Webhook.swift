/// A registered receiver of events: where they are posted and which ones. Its signing secret is kept by the
/// store and given out once, at creation.
struct Webhook: Sendable, Equatable {
    var id: Int64
    var url: String
    var events: [WebhookEvent]
    var createdAt: Int64
}

/// A webhook just created, with the secret its deliveries are signed with (`whsec_` + base64).
struct IssuedWebhook: Sendable {
    var webhook: Webhook
    var secret: WebhookSecret
}
