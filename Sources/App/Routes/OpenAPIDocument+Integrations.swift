extension OpenAPIDocument {
    /// Webhooks (Standard Webhooks) and the xAPI statements listing.
    var integrationOperations: [OpenAPIOperation] {
        let webhookID: JSONValue = [
            "name": "id", "in": "path", "required": true, "description": "A webhook id.",
            "schema": ["type": "integer", "minimum": 1, "maximum": .int(Int64.max)],
        ]
        return [
            OpenAPIOperation(
                method: "post", path: "/api/v1/admin/webhooks", operationID: "createWebhook", tag: "webhooks",
                summary: "Register a webhook; its signing secret (whsec_…) is shown once",
                description: """
                    Deliveries are POSTed with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and \
                    `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the key after \
                    `whsec_`), retried with exponential backoff for a day; redirects are not followed. A URL that \
                    is not http(s) or an unknown event is 422.
                    """,
                access: .admin, requestBody: OpenAPIOperation.jsonBody("NewWebhook"),
                responses: [("201", OpenAPIOperation.json("The webhook with its secret.", "IssuedWebhook"))]
                    + OpenAPIOperation.errors(400, 401, 403, 415, 422, 503)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/admin/webhooks", operationID: "listWebhooks", tag: "webhooks",
                summary: "Every webhook, newest first, without secrets", access: .admin,
                responses: [("200", OpenAPIOperation.json("The webhooks.", "WebhookList"))]
                    + OpenAPIOperation.errors(401, 403)),
            OpenAPIOperation(
                method: "delete", path: "/api/v1/admin/webhooks/{id}", operationID: "deleteWebhook", tag: "webhooks",
                summary: "Remove a webhook; its pending deliveries are dropped", access: .admin,
                parameters: [webhookID],
                responses: [("204", OpenAPIOperation.noContent("Removed."))]
                    + OpenAPIOperation.errors(401, 403, 404, 503)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/admin/webhooks/{id}/deliveries", operationID: "listWebhookDeliveries",
                tag: "webhooks", summary: "A webhook's latest deliveries and their outcomes, newest first",
                access: .admin,
                parameters: [
                    webhookID,
                    [
                        "name": "limit", "in": "query", "required": false,
                        "description": "Most deliveries (default 100).",
                        "schema": ["type": "integer", "minimum": 1, "maximum": .int(WebhookRoutes.maximumDeliveries)],
                    ],
                ],
                responses: [("200", OpenAPIOperation.json("The deliveries.", "DeliveryList"))]
                    + OpenAPIOperation.errors(400, 401, 403, 404)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/xapi/statements", operationID: "listStatements", tag: "xapi",
                summary: "Every attempt as an xAPI 1.0.3 statement (verb answered), oldest first",
                description: """
                    One statement per attempt with a stable UUID id; the actor is an account whose homePage is \
                    this Folio's origin and whose name is the learner id. A token limited to a cohort sees only \
                    that cohort's learners. `more` is the path of the next page, or empty.
                    """,
                access: .scoresReader,
                parameters: [
                    [
                        "name": "since", "in": "query", "required": false,
                        "description": "Only attempts made at or after this time (RFC 3339).",
                        "schema": OpenAPISchema.dateTime,
                    ],
                    [
                        "name": "limit", "in": "query", "required": false, "description": "Page size (default 100).",
                        "schema": ["type": "integer", "minimum": 1, "maximum": .int(XAPIRoutes.maximumPage)],
                    ],
                    [
                        "name": "cursor", "in": "query", "required": false,
                        "description": "The cursor in `more` (opaque).",
                        "schema": ["type": "string", "pattern": .string(PageCursor.pattern)],
                    ],
                ],
                responses: [
                    (
                        "200",
                        OpenAPIOperation.json(
                            "A page of statements.", "StatementResult",
                            headers: [
                                "X-Experience-API-Version": [
                                    "description": "1.0.3", "required": true, "schema": ["type": "string"],
                                ]
                            ])
                    )
                ] + OpenAPIOperation.errors(400, 401, 403)),
        ]
    }

    /// The schemas of the webhook and xAPI routes.
    var integrationSchemas: [(String, JSONValue)] {
        typealias S = OpenAPISchema
        let events = S.enumeration(WebhookEvent.allCases.map(\.rawValue))
        let webhook: [(String, JSONValue)] = [
            ("id", S.id), ("url", S.string), ("events", S.array(events)), ("created_at", S.dateTime),
        ]
        let statement = S.object([
            "id": ["type": "string", "format": "uuid"],
            "actor": S.object([
                "objectType": S.enumeration(["Agent"]),
                "account": S.object(["homePage": S.string, "name": S.string]),
            ]),
            "verb": S.object([
                "id": S.enumeration([XAPIStatement.answeredVerb]), "display": ["type": "object"],
            ]),
            "object": S.object(
                ["objectType": S.enumeration(["Activity"]), "id": S.string, "definition": ["type": "object"]],
                optional: ["definition"]),
            "result": S.object([
                "success": S.boolean,
                "score": S.object(
                    ["scaled": S.fraction, "raw": S.number, "min": S.number, "max": S.number],
                    optional: ["raw", "min", "max"]),
                "response": S.string,
            ]),
            "timestamp": S.dateTime,
            "context": S.object(["language": S.string, "platform": S.string], optional: ["platform"]),
        ])
        return [
            (
                "NewWebhook",
                S.object([
                    "url": [
                        "type": "string", "maxLength": .int(Int64(WebhookRules.maximumURLLength)),
                        "pattern": .string(WebhookRules.urlPattern),
                        "description": "Where deliveries are POSTed: http:// or https://, no credentials.",
                    ],
                    "events": ["type": "array", "minItems": 1, "items": events],
                ])
            ),
            ("Webhook", S.object(webhook)),
            (
                "IssuedWebhook",
                S.object(
                    webhook + [
                        (
                            "secret",
                            [
                                "type": "string", "pattern": "^whsec_[A-Za-z0-9+/=]+$",
                                "description": "The signing secret, shown once.",
                            ]
                        )
                    ])
            ),
            ("WebhookList", S.object(["webhooks": S.array(S.ref("Webhook"))])),
            (
                "Delivery",
                S.object([
                    "id": ["type": "string", "description": "The webhook-id header, the same on every retry."],
                    "event": S.string, "state": S.enumeration(["pending", "delivered", "failed"]),
                    "attempts": ["type": "integer", "minimum": 0], "last_status": S.nullableInteger,
                    "last_error": S.nullableString, "created_at": S.dateTime, "next_attempt_at": S.nullableDateTime,
                    "delivered_at": S.nullableDateTime,
                ])
            ),
            ("DeliveryList", S.object(["deliveries": S.array(S.ref("Delivery"))])),
            ("Statement", statement),
            ("StatementResult", S.object(["statements": S.array(S.ref("Statement")), "more": S.string])),
        ]
    }
}
