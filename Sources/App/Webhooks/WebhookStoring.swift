/// Registered webhooks and the console's view of their deliveries.
protocol WebhookStoring: Sendable {
    /// Registers a webhook durably with a fresh signing secret, returned here once.
    func create(url: String, events: [WebhookEvent]) async throws(StoreError) -> IssuedWebhook

    /// Every webhook, newest first, without secrets.
    func all() async throws(StoreError) -> [Webhook]

    /// Removes the webhook and its deliveries (pending ones are not sent); `false` when there is none.
    func delete(id: Int64) async throws(StoreError) -> Bool

    /// The latest deliveries, newest first: to one webhook, or to every receiver when `webhookID` is `nil`.
    func deliveries(webhookID: Int64?, limit: Int) async throws(StoreError) -> [Delivery]
}
