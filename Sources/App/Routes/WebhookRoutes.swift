import HTTP

/// Webhooks for other systems (Standard Webhooks): the admin registers a receiver (its signing secret is
/// shown once), lists them, lists their deliveries and removes them.
enum WebhookRoutes {
    /// Deliveries listed at most.
    static let maximumDeliveries: Int64 = 500

    struct NewWebhook: Decodable {
        let url: String
        let events: [String]
    }

    /// What the webhook routes use: the admin check, the webhook store and the log.
    struct Context: Sendable {
        let authenticator: Authenticator
        let webhooks: any WebhookStoring
        let logger: Logger

        init(_ services: Services) {
            authenticator = services.authenticator
            webhooks = services.webhooks
            logger = services.logger
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        router.post("/api/v1/admin/webhooks") { request async throws -> Response in
            try await context.authenticator.requireAdmin(request)
            let body = try JSONBody.decode(NewWebhook.self, from: request)
            let url = try WebhookRules.url(body.url)
            let events = try WebhookRules.events(body.events)
            let issued = try await durably { try await context.webhooks.create(url: url, events: events) }
            context.logger.log(
                .info, "webhook created",
                ["id": String(issued.webhook.id), "events": events.map(\.rawValue).joined(separator: " ")])
            return ResourceJSON.webhook(issued.webhook).setting("secret", to: .string(issued.secret.shown))
                .response(status: .created)
        }
        router.get("/api/v1/admin/webhooks") { request async throws -> Response in
            try await context.authenticator.requireAdmin(request)
            let body: JSONValue = ["webhooks": .array(try await context.webhooks.all().map(ResourceJSON.webhook))]
            return body.response()
        }
        router.get("/api/v1/admin/webhooks/:id/deliveries") { request async throws -> Response in
            try await context.authenticator.requireAdmin(request)
            let id = try await existing(request, context: context)
            let limit = try QueryParameters.integer(request, "limit", in: 1...maximumDeliveries) ?? 100
            let deliveries = try await context.webhooks.deliveries(webhookID: id, limit: Int(limit))
            let body: JSONValue = ["deliveries": .array(deliveries.map(ResourceJSON.delivery))]
            return body.response()
        }
        router.delete("/api/v1/admin/webhooks/:id") { request async throws -> Response in
            try await context.authenticator.requireAdmin(request)
            let notFound = { (id: String) in APIError.notFound("no webhook with id \(id)") }
            let id = try QueryParameters.pathID(request, notFound: notFound)
            guard try await durably({ try await context.webhooks.delete(id: id) }) else { throw notFound(String(id)) }
            context.logger.log(.info, "webhook deleted", ["id": String(id)])
            return Response(status: .noContent)
        }
    }

    /// The id in the path when a webhook has it.
    /// - Throws: `HTTPError` 404 otherwise.
    private static func existing(_ request: Request, context: Context) async throws -> Int64 {
        let notFound = { (id: String) in APIError.notFound("no webhook with id \(id)") }
        let id = try QueryParameters.pathID(request, notFound: notFound)
        guard try await context.webhooks.all().contains(where: { $0.id == id }) else { throw notFound(String(id)) }
        return id
    }
}
