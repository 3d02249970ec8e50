extension OpenAPIDocument {
    /// The read-only course API and graded attempts.
    var courseOperations: [OpenAPIOperation] {
        let lang = OpenAPIOperation.parameter("lang")
        return [
            OpenAPIOperation(
                method: "get", path: "/api/v1/languages", operationID: "listLanguages", tag: "course",
                summary: "The course's languages", access: .everyone,
                responses: [("200", OpenAPIOperation.json("Every language of the course.", "LanguageList"))]),
            OpenAPIOperation(
                method: "get", path: "/api/v1/{lang}/chapters", operationID: "listChapters", tag: "course",
                summary: "The chapters in one language", access: .everyone, parameters: [lang],
                responses: [("200", OpenAPIOperation.json("The chapter list.", "ChapterList"))]
                    + OpenAPIOperation.errors(404)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/{lang}/chapters/{n}", operationID: "getChapter", tag: "course",
                summary: "One chapter: blocks and checkpoint questions (never their answers)", access: .everyone,
                parameters: [lang, OpenAPIOperation.parameter("chapterNumber")],
                responses: [("200", OpenAPIOperation.json("The chapter.", "Section"))] + OpenAPIOperation.errors(404)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/{lang}/appendix", operationID: "getAppendix", tag: "course",
                summary: "The appendix; a chapter's answers only once the reader earned them",
                description: """
                    Under `--reveal after-tries` (the default) a chapter's answer paragraph is shown once the \
                    learner (cookie or bearer token) answered every question of the chapter correctly, made the \
                    allowed tries at it, or asked to see it; otherwise its `text` is `null`, `hidden` is `true` \
                    and its paragraph is left out of the answers sub-section's blocks. Anonymous readers get every \
                    answer hidden; `--reveal immediately` shows all, `--reveal never` none.
                    """,
                access: .everyone, parameters: [lang],
                responses: [("200", OpenAPIOperation.json("The appendix.", "Appendix"))] + OpenAPIOperation.errors(404)),
            OpenAPIOperation(
                method: "get", path: "/api/v1/{lang}/practice", operationID: "getPractice", tag: "course",
                summary: "The case study and its questions", access: .everyone, parameters: [lang],
                responses: [("200", OpenAPIOperation.json("The case study.", "Section"))] + OpenAPIOperation.errors(404)
            ),
            OpenAPIOperation(
                method: "get", path: "/api/v1/{lang}/search", operationID: "search", tag: "course",
                summary: "Full-text search in one language, ranked, with highlighted snippets",
                description: """
                    Results come a page at a time: `total` counts every match, and `next_cursor` (null on the last \
                    page) passed as `cursor` gives the next page. Words match as typed and, in Italian, Spanish \
                    and Turkish, through their stems too (exact matches first); in Chinese, Simplified characters \
                    find Traditional ones.
                    """,
                access: .everyone,
                parameters: [
                    lang,
                    [
                        "name": "q", "in": "query", "required": false, "description": "The words to find.",
                        "schema": ["type": "string", "maxLength": 200],
                    ],
                    [
                        "name": "limit", "in": "query", "required": false,
                        "description": "Most results on this page (default 20).",
                        "schema": ["type": "integer", "minimum": 1, "maximum": 50],
                    ],
                    [
                        "name": "cursor", "in": "query", "required": false,
                        "description": "`next_cursor` of the previous page (opaque).",
                        "schema": ["type": "string", "pattern": .string(PageCursor.pattern)],
                    ],
                ],
                responses: [("200", OpenAPIOperation.json("The results.", "SearchResults"))]
                    + OpenAPIOperation.errors(400, 404, 422)),
            OpenAPIOperation(
                method: "post", path: "/api/v1/{lang}/checkpoints/{id}/attempts", operationID: "submitAttempt",
                tag: "course", summary: "Grade an answer to a checkpoint question and store it",
                description: """
                    Give `answer` (free text), `choice` (an option id of a choice or yes/no question), or both. \
                    The attempt is committed before the 200 is sent. Without learner credentials a learner is \
                    created and its cookie set. At most 30 attempts in a burst, then 10 per second, per learner.
                    """,
                access: .optionalLearner, parameters: [lang, OpenAPIOperation.parameter("questionID")],
                requestBody: OpenAPIOperation.jsonBody("AttemptSubmission"),
                responses: [
                    (
                        "200",
                        OpenAPIOperation.json(
                            "The verdict; the attempt is stored.", "Grade",
                            headers: OpenAPIOperation.learnerCookieHeader)
                    )
                ] + OpenAPIOperation.errors(400, 401, 403, 404, 413, 415, 422, 429, 503)),
            OpenAPIOperation(
                method: "post", path: "/api/v1/{lang}/checkpoints/{id}/reveal", operationID: "revealAnswer",
                tag: "course", summary: "Show the answer: record the reveal and return the reference",
                description: """
                    From then on the question earns no credit (score 0) unless it was already answered \
                    correctly. Repeating it is idempotent (`revealed_at` stays the first time). Without learner \
                    credentials a learner is created and its cookie set. 403 `reveal_disabled` under \
                    `--reveal never`, 403 `cross_site_request` when another site started it. Shares the attempts' rate limit.
                    """,
                access: .optionalLearner, parameters: [lang, OpenAPIOperation.parameter("questionID")],
                responses: [
                    (
                        "200",
                        OpenAPIOperation.json(
                            "The reveal is stored.", "Reveal", headers: OpenAPIOperation.learnerCookieHeader)
                    )
                ] + OpenAPIOperation.errors(401, 403, 404, 429, 503)),
        ]
    }
}
