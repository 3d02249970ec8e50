/// The OpenAPI 3.1 description of every `/api` route, built as data from the current content: languages,
/// chapter numbers, question ids and section names are enumerated, so the document states exactly which
/// values exist.
///
/// `OpenAPITests` fails when a registered `/api` route is missing from it; schemathesis checks the server
/// against it (`scripts/api-fuzz.sh`).
struct OpenAPIDocument {
    let snapshot: ContentSnapshot

    /// Every operation, grouped by area.
    var operations: [OpenAPIOperation] {
        courseOperations + learnerOperations + cohortOperations + tokenOperations + scoresOperations
            + integrationOperations + [documentOperation]
    }

    var json: JSONValue {
        var paths: [JSONValue.Member] = []
        for operation in operations {
            if let index = paths.firstIndex(where: { $0.key == operation.path }) {
                paths[index].value = paths[index].value.setting(operation.method, to: operation.json)
            } else {
                paths.append(.init(key: operation.path, value: [operation.method: operation.json]))
            }
        }
        return [
            "openapi": "3.1.0",
            "info": [
                "title": "Folio API",
                "version": .string(FolioVersion.current),
                "description": """
                The course, graded checkpoint attempts, learners and their progress, cohorts, and quiz \
                scores for other systems. Errors are always `{"error":{"code","message"}}`. Without usable \
                credentials routes answer 401; with credentials that do not allow the operation, 403. \
                Times are RFC 3339 UTC.
                """,
            ],
            "tags": [
                ["name": "course", "description": "The course content, read-only."],
                [
                    "name": "learner",
                    "description": "The learner's own data; the learner is identified by a cookie or a bearer token.",
                ],
                ["name": "cohorts", "description": "Teams following the course; leads read their progress."],
                ["name": "tokens", "description": "API tokens for other systems (admin only)."],
                ["name": "scores", "description": "Quiz scores for other systems."],
                ["name": "webhooks", "description": "Events POSTed to other systems (Standard Webhooks)."],
                ["name": "xapi", "description": "Attempts as xAPI 1.0.3 statements."],
                ["name": "meta", "description": "This document."],
            ],
            "paths": .object(paths),
            "components": components,
        ]
    }

    var languageCodes: [String] { snapshot.languageCodes }

    var chapterNumbers: [Int] {
        snapshot.languageCodes.first.flatMap(snapshot.language)?.course.chapters.map(\.number) ?? []
    }

    var components: JSONValue {
        [
            "securitySchemes": [
                "adminToken": [
                    "type": "http", "scheme": "bearer",
                    "description": "The admin token (FOLIO_ADMIN_TOKEN, or the one printed at first start).",
                ],
                "apiToken": [
                    "type": "http", "scheme": "bearer",
                    "description":
                        "An API token (`folio_…`) with scope `read:scores`, made by an admin; it may be limited to one cohort.",
                ],
                "learnerToken": [
                    "type": "http", "scheme": "bearer",
                    "description": "A learner's token, from `POST /api/v1/learners` or `POST /api/v1/resume`.",
                ],
                "learnerCookie": [
                    "type": "apiKey", "in": "cookie", "name": .string(LearnerIdentity.cookieName),
                    "description": "The learner cookie browsers get (HttpOnly, SameSite=Lax).",
                ],
            ],
            "parameters": parameters,
            "responses": errorResponses,
            "schemas": .object((schemas + integrationSchemas).map { .init(key: $0.0, value: $0.1) }),
        ]
    }

    var parameters: JSONValue {
        [
            "lang": [
                "name": "lang", "in": "path", "required": true, "description": "A course language code.",
                "schema": OpenAPISchema.enumeration(languageCodes),
            ],
            "chapterNumber": [
                "name": "n", "in": "path", "required": true, "description": "A chapter number.",
                "schema": ["type": "integer", "enum": .array(chapterNumbers.map { .int(Int64($0)) })],
            ],
            "questionID": [
                "name": "id", "in": "path", "required": true, "description": "A checkpoint question id.",
                "schema": OpenAPISchema.enumeration(snapshot.questionIDs),
            ],
            "cohortID": [
                "name": "id", "in": "path", "required": true, "description": "A cohort id.",
                "schema": ["type": "integer", "minimum": 1, "maximum": .int(Int64.max)],
            ],
            "tokenID": [
                "name": "id", "in": "path", "required": true, "description": "An API token id.",
                "schema": ["type": "integer", "minimum": 1, "maximum": .int(Int64.max)],
            ],
            "learnerID": [
                "name": "id", "in": "path", "required": true, "description": "A learner id.",
                "schema": ["type": "integer", "minimum": 1, "maximum": .int(Int64.max)],
            ],
            "cohortFilter": [
                "name": "cohort", "in": "query", "required": false,
                "description": "Only this cohort. A token limited to a cohort sees only its own; any other id is 404.",
                "schema": ["type": "integer", "minimum": 1, "maximum": .int(Int64.max)],
            ],
            "since": [
                "name": "since", "in": "query", "required": false,
                "description": "Only scores with an attempt at or after this time (RFC 3339).",
                "schema": OpenAPISchema.dateTime,
            ],
            "scoresCursor": [
                "name": "cursor", "in": "query", "required": false,
                "description": "`next_cursor` of the previous page (opaque).",
                "schema": [
                    "type": "string", "minLength": 11, "maxLength": .int(Int64(ScoreCursor.maximumEncodedLength)),
                    "pattern": .string(Base64URL.pattern),
                ],
            ],
        ]
    }

    var errorResponses: JSONValue {
        let error: JSONValue = ["application/json": ["schema": OpenAPISchema.ref("Error")]]
        let retryAfter: JSONValue = [
            "Retry-After": ["description": "Seconds to wait.", "required": true, "schema": ["type": "string"]]
        ]
        let bearerChallenge: JSONValue = [
            "WWW-Authenticate": ["description": "The bearer challenge.", "schema": ["type": "string"]]
        ]
        return [
            "BadRequest": ["description": "A malformed request or query parameter.", "content": error],
            "Unauthorized": [
                "description": "No usable credentials: none, unknown or revoked.", "headers": bearerChallenge,
                "content": error,
            ],
            "Forbidden": [
                "description": .string(
                    "The credentials do not allow this operation, or another site started this browser request "
                        + "(code cross_site_request)."),
                "content": error,
            ],
            "NotFound": ["description": "No such resource (or one these credentials may not see).", "content": error],
            "PayloadTooLarge": ["description": "The answer or body is too long.", "content": error],
            "UnsupportedMediaType": ["description": "The body is not application/json.", "content": error],
            "Unprocessable": [
                "description": "The body is JSON of the wrong shape or has invalid values.", "content": error,
            ],
            "TooManyRequests": [
                "description": "Rate limited, or too many wrong bearer tokens from this client.",
                "headers": retryAfter, "content": error,
            ],
            "Unavailable": [
                "description": .string(
                    "Nothing was saved; retry after Retry-After: too many writes are queued (unavailable), the "
                        + "database's disk is full (storage_full), another process holds its lock (database_busy) or "
                        + "the PostgreSQL server cannot be reached (database_unavailable)."),
                "headers": [
                    "Retry-After": ["description": "Seconds to wait.", "schema": ["type": "string"]]
                ],
                "content": error,
            ],
            "Error": ["description": "Any other error.", "content": error],
        ]
    }

    /// `GET /api/openapi.json`.
    var documentOperation: OpenAPIOperation {
        OpenAPIOperation(
            method: "get", path: "/api/openapi.json", operationID: "getOpenAPIDocument", tag: "meta",
            summary: "This OpenAPI 3.1 document", access: .everyone,
            responses: [("200", OpenAPIOperation.json("The document.", "OpenAPIDocument"))])
    }
}
