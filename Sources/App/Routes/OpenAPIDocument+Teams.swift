extension OpenAPIDocument {
    /// Cohorts: admin management and the lead's views.
    var cohortOperations: [OpenAPIOperation] {
        let cohortID = OpenAPIOperation.parameter("cohortID")
        return [
            OpenAPIOperation(
                method: "post", path: "/api/v1/admin/cohorts", operationID: "createCohort", tag: "cohorts",
                summary: "Create a cohort with an unguessable join code", access: .admin,
                requestBody: OpenAPIOperation.jsonBody("NewCohort"),
                responses: [("201", OpenAPIOperation.json("The cohort and its invitation link.", "Cohort"))]
                    + OpenAPIOperation.errors(400, 401, 403, 415, 422, 503)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/admin/cohorts", operationID: "listCohorts", tag: "cohorts",
                summary: "Every cohort, newest first", access: .admin,
                responses: [("200", OpenAPIOperation.json("The cohorts.", "CohortList"))]
                    + OpenAPIOperation.errors(401, 403)),
            OpenAPIOperation(
                method: "patch", path: "/api/v1/admin/cohorts/{id}", operationID: "updateCohort", tag: "cohorts",
                summary: "Change a cohort's name, due date or required sections",
                description: "Absent fields stay as they are; `due_date: null` removes the due date.",
                access: .admin, parameters: [cohortID], requestBody: OpenAPIOperation.jsonBody("CohortChanges"),
                responses: [("200", OpenAPIOperation.json("The cohort.", "Cohort"))]
                    + OpenAPIOperation.errors(400, 401, 403, 404, 415, 422, 503)),
            OpenAPIOperation(
                method: "post", path: "/api/v1/admin/cohorts/{id}/join-code", operationID: "rotateJoinCode",
                tag: "cohorts", summary: "Replace the join code: the old invitation link answers 410 from now on",
                access: .admin, parameters: [cohortID],
                responses: [("200", OpenAPIOperation.json("The cohort with its new link.", "Cohort"))]
                    + OpenAPIOperation.errors(401, 403, 404, 503)),
            OpenAPIOperation(
                method: "delete", path: "/api/v1/admin/cohorts/{id}/learners/{learner}",
                operationID: "removeCohortLearner", tag: "cohorts",
                summary: "Take a learner out of the cohort (their history stays theirs)", access: .admin,
                parameters: [
                    cohortID,
                    [
                        "name": "learner", "in": "path", "required": true, "description": "A learner id.",
                        "schema": ["type": "integer", "minimum": 1, "maximum": .int(Int64.max)],
                    ],
                ],
                responses: [("204", OpenAPIOperation.noContent("Removed."))]
                    + OpenAPIOperation.errors(401, 403, 404, 503)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/admin/items", operationID: "listItems", tag: "cohorts",
                summary: "Item analysis per question and language: facility, discrimination, common wrong answers",
                description: """
                    Every learner's final scores (retry penalty applied), or one cohort's; an unknown \
                    `language` or a malformed `cohort` is 422 naming the parameter, a cohort id of no cohort 404.
                    """,
                access: .admin,
                parameters: [
                    [
                        "name": "language", "in": "query", "required": false, "description": "Only this language.",
                        "schema": OpenAPISchema.enumeration(snapshot.languageCodes),
                    ],
                    [
                        "name": "cohort", "in": "query", "required": false,
                        "description": "Only this cohort's learners.",
                        "schema": ["type": "integer", "minimum": 1, "maximum": .int(Int64.max)],
                    ],
                ],
                responses: [("200", OpenAPIOperation.json("The items, in course order.", "ItemList"))]
                    + OpenAPIOperation.errors(401, 403, 404, 422)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/cohorts/{id}/progress", operationID: "getCohortProgress",
                tag: "cohorts",
                summary:
                    "Learners × chapters with each learner's status against the plan: passed, first-try, best and final score, tries, reveals, last activity",
                access: .scoresReader,
                parameters: [cohortID],
                responses: [("200", OpenAPIOperation.json("The progress matrix.", "CohortProgress"))]
                    + OpenAPIOperation.errors(401, 403, 404)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/cohorts/{id}/scores.csv", operationID: "getCohortCSV", tag: "cohorts",
                summary: "The progress matrix as CSV (UTF-8 with BOM, one row per learner and section)",
                description: """
                    Columns: learner_id, display_name, section, chapter, read, questions_passed, questions_total, \
                    passed, score (mean final score), last_activity, first_score, best_score, attempts, revealed \
                    (questions whose answer was shown), status, completion, completed_at (the learner's, on each \
                    of their rows), due_date (the cohort's).
                    """,
                access: .scoresReader, parameters: [cohortID],
                responses: [("200", OpenAPIOperation.csv("The CSV file."))] + OpenAPIOperation.errors(401, 403, 404)),
        ]
    }

    /// API tokens for other systems.
    var tokenOperations: [OpenAPIOperation] {
        [
            OpenAPIOperation(
                method: "post", path: "/api/v1/admin/tokens", operationID: "createToken", tag: "tokens",
                summary: "Create an API token; the secret is shown once and stored only as SHA-256",
                description: "An unknown `cohort` is 404.", access: .admin,
                requestBody: OpenAPIOperation.jsonBody("NewToken"),
                responses: [("201", OpenAPIOperation.json("The token with its secret.", "IssuedToken"))]
                    + OpenAPIOperation.errors(400, 401, 403, 404, 415, 422, 503)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/admin/tokens", operationID: "listTokens", tag: "tokens",
                summary: "Every token, revoked ones too, without secrets", access: .admin,
                responses: [("200", OpenAPIOperation.json("The tokens.", "TokenList"))]
                    + OpenAPIOperation.errors(401, 403)),
            OpenAPIOperation(
                method: "delete", path: "/api/v1/admin/tokens/{id}", operationID: "revokeToken", tag: "tokens",
                summary: "Revoke a token (idempotent)", access: .admin,
                parameters: [OpenAPIOperation.parameter("tokenID")],
                responses: [("204", OpenAPIOperation.noContent("Revoked."))]
                    + OpenAPIOperation.errors(401, 403, 404, 503)),
        ]
    }

    /// The scores API for other systems.
    var scoresOperations: [OpenAPIOperation] {
        let filters = [
            OpenAPIOperation.parameter("cohortFilter"), OpenAPIOperation.parameter("since"),
        ]
        return [
            OpenAPIOperation(
                method: "get", path: "/api/v1/scores", operationID: "listScores", tag: "scores",
                summary: "First-try, best and final score per learner and question, in pages by learner and question",
                access: .scoresReader,
                parameters: filters + [
                    [
                        "name": "limit", "in": "query", "required": false, "description": "Page size (default 100).",
                        "schema": ["type": "integer", "minimum": 1, "maximum": .int(ScoresRoutes.maximumPage)],
                    ],
                    OpenAPIOperation.parameter("scoresCursor"),
                ],
                responses: [("200", OpenAPIOperation.json("A page of scores.", "ScorePage"))]
                    + OpenAPIOperation.errors(400, 401, 403, 404)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/scores.csv", operationID: "getScoresCSV", tag: "scores",
                summary: "The same scores as CSV (UTF-8 with BOM)",
                description: """
                    At most 100,000 rows; when there are more, `X-Next-Cursor` continues. Columns: learner_id, \
                    display_name, cohort_id, question, chapter, section, best_score, passed, attempts, \
                    last_attempt_at, first_score, score, revealed.
                    """,
                access: .scoresReader,
                parameters: filters + [
                    [
                        "name": "limit", "in": "query", "required": false, "description": "Most rows.",
                        "schema": ["type": "integer", "minimum": 1, "maximum": .int(ScoresRoutes.maximumCSVRows)],
                    ],
                    OpenAPIOperation.parameter("scoresCursor"),
                ],
                responses: [("200", OpenAPIOperation.csv("The CSV file."))]
                    + OpenAPIOperation.errors(400, 401, 403, 404)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/learners/{id}/scores", operationID: "getLearnerScores", tag: "scores",
                summary: "One learner's scores", access: .scoresReader,
                parameters: [OpenAPIOperation.parameter("learnerID")],
                responses: [("200", OpenAPIOperation.json("The learner and their scores.", "LearnerScores"))]
                    + OpenAPIOperation.errors(401, 403, 404)),
        ]
    }
}
