extension OpenAPIDocument {
    /// The learner's own API.
    var learnerOperations: [OpenAPIOperation] {
        [
            OpenAPIOperation(
                method: "post", path: "/api/v1/learners", operationID: "createLearner", tag: "learner",
                summary: "Create a learner; its token is shown once",
                description: """
                    An unknown `cohort_code` is 404. New learners per client address share the budget of \
                    anonymous attempts (30 in a burst, then 10 per second).
                    """,
                access: .everyone, requestBody: OpenAPIOperation.jsonBody("NewLearner"),
                responses: [("201", OpenAPIOperation.json("The learner and its token.", "IssuedLearner"))]
                    + OpenAPIOperation.errors(400, 403, 404, 415, 422, 429, 503)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/me", operationID: "getMe", tag: "learner", summary: "The learner",
                access: .learner,
                responses: [("200", OpenAPIOperation.json("The learner.", "Learner"))]
                    + OpenAPIOperation.errors(401, 403)),
            OpenAPIOperation(
                method: "patch", path: "/api/v1/me", operationID: "updateMe", tag: "learner",
                summary: "Change the display name and/or language", access: .learner,
                requestBody: OpenAPIOperation.jsonBody("LearnerChanges"),
                responses: [("200", OpenAPIOperation.json("The updated learner.", "Learner"))]
                    + OpenAPIOperation.errors(400, 401, 403, 415, 422, 503)),
            OpenAPIOperation(
                method: "post", path: "/api/v1/me/resume-code", operationID: "makeResumeCode", tag: "learner",
                summary: "A short code to continue on another device (valid 15 minutes, single use)",
                access: .learner,
                responses: [("200", OpenAPIOperation.json("The code, shown once.", "ResumeCode"))]
                    + OpenAPIOperation.errors(401, 403, 503)),
            OpenAPIOperation(
                method: "post", path: "/api/v1/resume", operationID: "resume", tag: "learner",
                summary: "Redeem a resume code: sets the learner cookie and returns a new token",
                description: """
                    Unknown, used and expired codes all answer the same 404. At most 5 tries in a burst, then \
                    one per minute, per client address.
                    """,
                access: .everyone, requestBody: OpenAPIOperation.jsonBody("ResumeRequest"),
                responses: [
                    (
                        "200",
                        OpenAPIOperation.json(
                            "The learner's new device token.", "IssuedLearner",
                            headers: OpenAPIOperation.learnerCookieHeader)
                    )
                ] + OpenAPIOperation.errors(400, 403, 404, 415, 422, 429, 503)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/me/progress", operationID: "getMyProgress", tag: "learner",
                summary: "Progress per chapter and overall", access: .learner,
                responses: [("200", OpenAPIOperation.json("The progress.", "Progress"))]
                    + OpenAPIOperation.errors(401, 403)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/me/attempts", operationID: "listMyAttempts", tag: "learner",
                summary: "Every attempt, oldest first, in pages", access: .learner,
                parameters: [
                    [
                        "name": "limit", "in": "query", "required": false, "description": "Page size (default 50).",
                        "schema": [
                            "type": "integer", "minimum": 1, "maximum": .int(LearnerAPIRoutes.maximumAttemptPage),
                        ],
                    ],
                    [
                        "name": "cursor", "in": "query", "required": false,
                        "description": "`next_cursor` of the previous page (opaque).",
                        "schema": ["type": "string", "pattern": .string(PageCursor.pattern)],
                    ],
                ],
                responses: [("200", OpenAPIOperation.json("A page of attempts.", "AttemptPage"))]
                    + OpenAPIOperation.errors(400, 401, 403)),
            OpenAPIOperation(
                method: "post", path: "/api/v1/me/reads", operationID: "markRead", tag: "learner",
                summary: "Mark a section as read (creates the learner when needed)", access: .optionalLearner,
                requestBody: OpenAPIOperation.jsonBody("ReadMark"),
                responses: [
                    ("204", OpenAPIOperation.noContent("Recorded.", headers: OpenAPIOperation.learnerCookieHeader))
                ] + OpenAPIOperation.errors(400, 401, 403, 415, 422, 429, 503)),
        ]
    }
}
