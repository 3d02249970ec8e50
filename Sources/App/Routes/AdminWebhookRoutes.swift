import HTTP
import Views

/// The console's webhook page, over the same store as `/api/v1/admin/webhooks`.
enum AdminWebhookRoutes {
    /// Deliveries shown on the page.
    static let shownDeliveries = 100

    /// What the webhook page uses: admin access, the webhook store, content (for the asset version), the log.
    struct Context: Sendable {
        let adminAccess: AdminAccess
        let webhooks: any WebhookStoring
        let content: ContentHost
        let logger: Logger

        init(_ services: Services) {
            adminAccess = services.adminAccess
            webhooks = services.webhooks
            content = services.content
            logger = services.logger
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        let access = context.adminAccess
        router.get("/admin/webhooks") { request async throws -> Response in
            let principal = try await access.requireViewer(request)
            return try await page(principal: principal, issued: nil, problem: nil, status: .ok, context: context)
        }
        router.post("/admin/webhooks") { request async throws -> Response in
            let form = FormBody(request)
            let principal = try await access.requireChange(request, form: form)
            let url: String
            let events: [WebhookEvent]
            do {
                url = try WebhookRules.url(form["url"] ?? "")
                events = try WebhookRules.events(form.values("events"))
            } catch {
                return try await page(
                    principal: principal, issued: nil,
                    problem: "A webhook needs an http:// or https:// URL and at least one event.",
                    status: .unprocessableContent, context: context)
            }
            let issued = try await durably { try await context.webhooks.create(url: url, events: events) }
            context.logger.log(.info, "webhook created", ["id": String(issued.webhook.id)])
            return try await page(
                principal: principal, issued: issued, problem: nil, status: .created, context: context)
        }
        router.post("/admin/webhooks/:id/delete") { request async throws -> Response in
            _ = try await access.requireChange(request, form: FormBody(request))
            guard let id = Int64(request.parameters["id"] ?? ""),
                try await durably({ try await context.webhooks.delete(id: id) })
            else { throw HTTPError(.notFound, "no such webhook") }
            context.logger.log(.info, "webhook deleted", ["id": String(id)])
            return Response.redirect(to: "/admin/webhooks", status: .seeOther)
        }
    }

    private static func page(
        principal: AdminPrincipal, issued: IssuedWebhook?, problem: String?, status: Status, context: Context
    ) async throws -> Response {
        let webhooks = try await context.webhooks.all()
        let deliveries = try await context.webhooks.deliveries(webhookID: nil, limit: shownDeliveries)
        return AdminLayout.page(
            "Webhooks", principal: principal, assetVersion: context.content.snapshot.contentHash, status: status
        ) {
            WebhookScreen.nodes(
                webhooks: webhooks, deliveries: deliveries, issued: issued, csrf: principal.csrfToken, problem: problem)
        }
    }
}
