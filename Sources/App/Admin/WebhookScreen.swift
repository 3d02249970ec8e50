import Views

/// The console's webhook page: the register form, a new webhook's secret shown once, every webhook with a
/// delete button, and the latest deliveries with their outcomes (attempts, last status, next try).
enum WebhookScreen {
    static func nodes(
        webhooks: [Webhook], deliveries: [Delivery], issued: IssuedWebhook?, csrf: String?, problem: String?
    ) -> [Node] {
        [
            problem.map { AdminLayout.notice($0, isProblem: true) } ?? .empty,
            issued.map { issued in
                Node.div(.class("admin-issued"), Attribute("role", "status")) {
                    Node.p {
                        "Webhook \(issued.webhook.id) registered. Copy its signing secret now: it is shown only this once."
                    }
                    Node.p { Node.code(.id("issued-secret")) { issued.secret.shown } }
                }
            } ?? .empty,
            csrf.map(form) ?? .empty,
            AdminTable(
                id: "webhooks", caption: "Webhooks, newest first (secrets are never shown again)",
                columns: ["Id", "URL", "Events", "Created", ""],
                rows: webhooks.map { webhook in
                    [
                        .text(String(webhook.id)), .code { webhook.url },
                        .text(webhook.events.map(\.rawValue).joined(separator: ", ")),
                        AdminLayout.time(webhook.createdAt), deleteButton(webhook, csrf: csrf),
                    ]
                }
            ).node(),
            AdminTable(
                id: "deliveries", caption: "Latest deliveries, newest first",
                columns: ["Message", "Event", "To", "State", "Attempts", "Last status", "Next try", "Created"],
                rows: deliveries.map { delivery in
                    [
                        .code { delivery.messageID }, .text(delivery.event),
                        .text(delivery.webhookID.map { "webhook \($0)" } ?? "xAPI record store"),
                        .text(delivery.state.rawValue),
                        .text(String(delivery.attempts)),
                        .text(lastOutcome(delivery)),
                        delivery.state == .pending ? AdminLayout.time(delivery.nextAttemptAt) : .text("—"),
                        AdminLayout.time(delivery.createdAt),
                    ]
                }
            ).node(),
        ]
    }

    /// The receiver's last answer: its HTTP status, or why there was none.
    static func lastOutcome(_ delivery: Delivery) -> String {
        if let status = delivery.lastStatus { return "HTTP \(status)" }
        return delivery.lastError ?? "—"
    }

    private static func form(csrf: String) -> Node {
        .form(
            .id("new-webhook"), .class("admin-form"), Attribute("method", "post"),
            Attribute("action", "/admin/webhooks")
        ) {
            Node.input(.type("hidden"), .name(AdminAccess.csrfField), .value(csrf))
            Node.div(.class("admin-field")) {
                Node.label(.for("new-webhook-url")) { "Receiver URL (http or https)" }
                Node.input(.type("url"), .id("new-webhook-url"), .name("url"), .required)
            }
            Node.fieldset(.class("admin-field")) {
                Node.legend { "Events" }
                for event in WebhookEvent.allCases {
                    Node.label {
                        Node.input(.type("checkbox"), .name("events"), .value(event.rawValue))
                        " " + event.rawValue
                    }
                }
            }
            Node.button(.type("submit")) { "Register webhook" }
        }
    }

    private static func deleteButton(_ webhook: Webhook, csrf: String?) -> Node {
        guard let csrf else { return .empty }
        return .form(
            .class("admin-inline-form"), Attribute("method", "post"),
            Attribute("action", "/admin/webhooks/\(webhook.id)/delete")
        ) {
            Node.input(.type("hidden"), .name(AdminAccess.csrfField), .value(csrf))
            Node.button(.type("submit"), .aria("label", "Delete webhook \(webhook.id)")) { "Delete" }
        }
    }
}
