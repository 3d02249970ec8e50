import Course
import Grading

extension OpenAPIDocument {
    /// The named schemas of `components/schemas`, mirroring `CourseJSON`, `ResourceJSON` and the route bodies.
    var schemas: [(String, JSONValue)] {
        typealias S = OpenAPISchema
        let sectionNames = InputRules.sectionNames(snapshot)
        let dueDate: JSONValue = [
            "type": ["string", "null"], "format": "date",
            "pattern": "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$",
            "description": "YYYY-MM-DD: due by the end of that day, UTC; null for none.",
        ]
        let required: JSONValue = [
            "type": "array", "minItems": 1, "items": S.enumeration(sectionNames.filter { $0 != "appendix" }),
            "description": "The sections every learner must pass; default every chapter and practice.",
        ]
        return [
            ("Error", S.object(["error": S.object(["code": S.string, "message": S.string])])),
            ("OpenAPIDocument", ["type": "object", "required": ["openapi", "paths"]]),
            (
                "LanguageList",
                S.object([
                    "languages": S.array(
                        S.object(["code": S.string, "name": S.string, "tag": S.string, "title": S.string]))
                ])
            ),
            (
                "ChapterList",
                S.object([
                    "language": S.string, "title": S.string,
                    "chapters": S.array(S.object(["number": S.integer, "title": S.string, "questions": S.integer])),
                ])
            ),
            (
                "Block",
                S.object(
                    [
                        "type": S.enumeration(Block.Kind.allCases.map(\.rawValue)), "anchor": S.string,
                        "text": S.string,
                        "term": S.string, "body": S.string, "when_to_use": S.string, "when_not_to_use": S.string,
                        "number": S.integer, "lines": S.array(S.string),
                    ], optional: ["term", "body", "when_to_use", "when_not_to_use", "number", "lines"])
            ),
            (
                "Question",
                S.object(
                    [
                        "id": S.string, "number": S.integer, "prompt": S.string,
                        "kind": S.enumeration(QuestionKind.allCases.map(\.rawValue)),
                        "options": S.array(S.object(["id": S.string, "label": S.string])),
                    ], optional: ["options"])
            ),
            (
                "Section",
                S.object(
                    [
                        "language": S.string, "number": S.integer, "section": S.string, "title": S.string,
                        "lead": S.string, "blocks": S.array(S.ref("Block")), "questions": S.array(S.ref("Question")),
                    ], optional: ["number", "lead"])
            ),
            (
                "Appendix",
                S.object([
                    "language": S.string, "section": S.string, "title": S.string, "blocks": S.array(S.ref("Block")),
                    "sections": S.array(
                        S.object([
                            "role": S.enumeration(AppendixSection.Role.allCases.map(\.rawValue)), "title": S.string,
                            "anchor": S.string, "blocks": S.array(S.ref("Block")),
                        ])),
                    "answers": S.array(
                        S.object([
                            "chapter": S.nullableInteger, "label": S.string,
                            "text": [
                                "type": ["string", "null"],
                                "description": "The answer paragraph; null while hidden from this reader.",
                            ],
                            "hidden": S.boolean,
                        ])),
                ])
            ),
            (
                "SearchResults",
                S.object([
                    "language": S.string, "query": S.string,
                    "total": ["type": "integer", "minimum": 0, "description": "Every match, not just this page's."],
                    "offset": ["type": "integer", "minimum": 0, "description": "Position of the first result."],
                    "next_cursor": S.nullableString,
                    "results": S.array(
                        S.object(
                            [
                                "section": S.string, "title": S.string, "anchor": S.string, "url": S.string,
                                "snippet": [
                                    "type": "string", "description": "HTML: escaped text with <mark> around matches",
                                ],
                                "parts": S.array(S.object(["text": S.string, "match": S.boolean])),
                            ], optional: ["anchor"])),
                ])
            ),
            (
                "AttemptSubmission",
                [
                    "type": "object",
                    "description": "A free-text answer, an option id, or both; at least one must not be blank.",
                    "properties": [
                        "answer": [
                            "type": ["string", "null"], "description": "At most 4096 bytes of UTF-8 (else 413).",
                        ],
                        "choice": [
                            "type": ["string", "null"],
                            "description":
                                "An option id of the question (`yes`/`no` for yes/no questions); others are 422.",
                        ],
                    ],
                    "anyOf": [
                        [
                            "required": ["answer"],
                            "properties": [
                                "answer": ["type": "string", "pattern": .string(InputRules.nonBlankPattern)]
                            ],
                        ],
                        [
                            "required": ["choice"],
                            "properties": [
                                "choice": ["type": "string", "pattern": .string(InputRules.nonBlankPattern)]
                            ],
                        ],
                    ],
                ]
            ),
            (
                "Grade",
                S.object([
                    "attempt_id": S.integer, "question": S.string, "language": S.string, "graded_language": S.string,
                    "verdict": S.enumeration(["correct", "partial", "incorrect"]), "score": S.fraction,
                    "found": S.array(S.string), "missing": S.array(S.string), "feedback": S.string,
                    "reference": [
                        "type": ["string", "null"],
                        "description": """
                        The reference answer; under `--reveal after-tries` null until the learner answered \
                        correctly, made the allowed tries (`--tries-before-reveal`) or revealed it; always \
                        null under `--reveal never`.
                        """,
                    ],
                    "reason": [
                        "type": ["string", "null"],
                        "enum": ["off_topic", "contradiction", "ambiguous", "missing_parts", .null],
                        "description":
                            "Why the verdict is not plainly right or wrong: off_topic, contradiction, ambiguous, missing_parts (null: none).",
                    ],
                ])
            ),
            (
                "Reveal",
                S.object([
                    "question": S.string,
                    "reference": [
                        "type": ["string", "null"], "description": "The reference answer of the question.",
                    ],
                    "revealed_at": [
                        "type": ["string", "null"], "format": "date-time",
                        "description": "When the learner first asked to see the answer.",
                    ],
                ])
            ),
            (
                "NewLearner",
                S.object(
                    [
                        "display_name": S.name, "language": S.enumeration(languageCodes),
                        "cohort_code": [
                            "type": ["string", "null"],
                            "description": "A cohort's join code: joins it at once (null: none).",
                        ],
                    ], optional: ["cohort_code"])
            ),
            ("IssuedLearner", S.object(["id": S.integer, "token": ["type": "string", "description": "Shown once."]])),
            (
                "Learner",
                S.object([
                    "id": S.integer, "display_name": S.string, "language": S.string,
                    "cohort": ["oneOf": [S.object(["id": S.integer, "name": S.string]), ["type": "null"]]],
                    "created_at": S.dateTime, "last_seen_at": S.dateTime,
                ])
            ),
            (
                "LearnerChanges",
                S.object(
                    ["display_name": S.name, "language": S.enumeration(languageCodes)],
                    optional: ["display_name", "language"])
            ),
            ("ResumeCode", S.object(["code": S.string, "expires_at": S.dateTime])),
            ("ResumeRequest", S.object(["code": ["type": "string", "maxLength": 64]])),
            (
                "SectionProgress",
                S.object([
                    "section": S.string, "chapter": S.nullableInteger, "read": S.boolean, "passed": S.boolean,
                    "questions_passed": S.integer, "questions_total": S.integer,
                    "score": [
                        "type": ["number", "null"],
                        "description": "Mean final score (retry penalty applied) over the section's questions.",
                    ],
                    "first_score": [
                        "type": ["number", "null"], "description": "Mean score of the first tries.",
                    ],
                    "best_score": [
                        "type": ["number", "null"], "description": "Mean score of the best tries, no penalty.",
                    ],
                    "attempts": S.integer,
                    "revealed": ["type": "integer", "description": "Questions whose answer the learner asked to see."],
                    "best_scores": ["type": "object", "additionalProperties": S.fraction],
                    "questions": [
                        "type": "object", "description": "Per question id, the questions answered or revealed.",
                        "additionalProperties": S.ref("QuestionScore"),
                    ],
                    "last_activity": S.nullableDateTime,
                ])
            ),
            (
                "QuestionScore",
                S.object([
                    "first_score": S.fraction, "best_score": S.fraction, "score": S.fraction, "passed": S.boolean,
                    "attempts": S.integer, "revealed": S.boolean,
                ])
            ),
            (
                "Progress",
                S.object([
                    "overall_percentage": ["type": "number", "minimum": 0, "maximum": 100],
                    "questions_passed": S.integer, "questions_total": S.integer, "last_activity": S.nullableDateTime,
                    "chapters": S.array(S.ref("SectionProgress")), "learner": S.integer,
                ])
            ),
            (
                "Attempt",
                S.object([
                    "id": S.integer, "question": S.string, "section": S.string, "language": S.string,
                    "answer": S.string, "choice": S.nullableString,
                    "verdict": S.enumeration(["correct", "partial", "incorrect"]), "score": S.fraction,
                    "content_version": S.nullableInteger, "created_at": S.dateTime,
                ])
            ),
            ("AttemptPage", S.object(["attempts": S.array(S.ref("Attempt")), "next_cursor": S.nullableString])),
            (
                "ReadMark",
                S.object(["section": S.enumeration(sectionNames), "language": S.enumeration(languageCodes)])
            ),
            (
                "NewCohort",
                S.object(
                    ["name": S.name, "due_date": dueDate, "required": required], optional: ["due_date", "required"])
            ),
            (
                "CohortChanges",
                S.object(
                    ["name": S.name, "due_date": dueDate, "required": required],
                    optional: ["name", "due_date", "required"])
            ),
            (
                "Cohort",
                S.object([
                    "id": S.integer, "name": S.string,
                    "join_code": ["type": "string", "description": "128 random bits, base64url."],
                    "join_url": ["type": "string", "description": "The invitation page, /join/{join_code}."],
                    "learners": S.integer, "created_at": S.dateTime, "due_date": dueDate,
                    "required": required,
                ])
            ),
            ("CohortList", S.object(["cohorts": S.array(S.ref("Cohort"))])),
            (
                "CohortProgress",
                S.object([
                    "cohort": S.object([
                        "id": S.integer, "name": S.string, "learners": S.integer, "due_date": dueDate,
                        "required": required,
                    ]),
                    "sections": S.array(S.string),
                    "learners": S.array(
                        S.object([
                            "id": S.integer, "display_name": S.string,
                            "status": [
                                "type": "string", "enum": ["not_started", "in_progress", "completed", "overdue"],
                                "description": """
                                completed: every required question passed; overdue: the due date passed \
                                (after the end of the due day, UTC) without that; in_progress: a try, reveal or \
                                read in a required section; else not_started.
                                """,
                            ],
                            "completion": [
                                "type": "number", "minimum": 0, "maximum": 1,
                                "description": "The share of required questions passed.",
                            ],
                            "completed_at": [
                                "type": ["string", "null"], "format": "date-time",
                                "description": "When the last required question was passed.",
                            ],
                            "score": [
                                "type": "number", "minimum": 0, "maximum": 1,
                                "description": "Mean final score over the required questions (untried count 0).",
                            ],
                            "first_try_score": [
                                "type": "number", "minimum": 0, "maximum": 1,
                                "description": "Mean first-try score over the required questions.",
                            ],
                            "overall_percentage": ["type": "number", "minimum": 0, "maximum": 100],
                            "questions_passed": S.integer, "questions_total": S.integer,
                            "last_activity": S.nullableDateTime, "chapters": S.array(S.ref("SectionProgress")),
                        ])),
                ])
            ),
            (
                "ItemList",
                S.object([
                    "items": S.array(
                        S.object([
                            "question": S.string, "language": S.enumeration(languageCodes),
                            "attempts": S.integer, "learners": S.integer,
                            "facility": [
                                "type": "number", "minimum": 0, "maximum": 1, "description": "Mean final score.",
                            ],
                            "first_try_facility": [
                                "type": "number", "minimum": 0, "maximum": 1, "description": "Mean first-try score.",
                            ],
                            "discrimination": [
                                "type": ["number", "null"], "minimum": -1, "maximum": 1,
                                "description":
                                    "Pearson correlation of the question's final score with the rest of the learner's total; null when undefined (fewer than two learners, or no variation).",
                            ],
                            "common_wrong": S.array(S.object(["answer": S.string, "count": S.integer])),
                            "flag": [
                                "type": ["string", "null"], "enum": ["language_gap", .null],
                                "description":
                                    "language_gap: facility at least 0.3 below the other languages' pooled facility on this question, with 3 or more learners on each side.",
                            ],
                        ]))
                ])
            ),
            (
                "NewToken",
                S.object(
                    [
                        "name": S.name, "scope": S.enumeration(APIToken.Scope.allCases.map(\.rawValue)),
                        "cohort": [
                            "type": ["integer", "null"], "minimum": 1, "maximum": .int(Int64.max),
                            "description": "Limit the token to this cohort; absent or null for every cohort.",
                        ],
                    ], optional: ["cohort"])
            ),
            ("Token", tokenSchema(withSecret: false)),
            ("IssuedToken", tokenSchema(withSecret: true)),
            ("TokenList", S.object(["tokens": S.array(S.ref("Token"))])),
            (
                "Score",
                S.object([
                    "learner": S.integer, "display_name": S.string, "cohort": S.nullableInteger, "question": S.string,
                    "chapter": S.nullableInteger, "section": S.string,
                    "first_score": ["type": "number", "minimum": 0, "maximum": 1, "description": "The first try."],
                    "best_score": [
                        "type": "number", "minimum": 0, "maximum": 1, "description": "The best try, no penalty.",
                    ],
                    "score": [
                        "type": "number", "minimum": 0, "maximum": 1,
                        "description": """
                        The final mark: the best over tries of (that try's score − retry penalty × wrong \
                        tries before it), floored at 0; 0 when the answer was revealed before the first \
                        correct try. Computed from the stored tries with the penalty in force.
                        """,
                    ],
                    "passed": [
                        "type": "boolean",
                        "description": """
                        Answered correctly before any reveal, with `score` at least 0.5 (or that correct \
                        try's own score, when lower).
                        """,
                    ],
                    "attempts": S.integer,
                    "revealed": ["type": "boolean", "description": "The learner asked to see the answer."],
                    "last_attempt_at": ["type": "string", "format": "date-time", "description": "Last try or reveal."],
                ])
            ),
            ("ScorePage", S.object(["scores": S.array(S.ref("Score")), "next_cursor": S.nullableString])),
            (
                "LearnerScores",
                S.object([
                    "learner": S.object(["id": S.integer, "display_name": S.string, "cohort": S.nullableInteger]),
                    "scores": S.array(S.ref("Score")),
                ])
            ),
        ]
    }

    private func tokenSchema(withSecret: Bool) -> JSONValue {
        typealias S = OpenAPISchema
        var properties: [(String, JSONValue)] = [
            ("id", S.integer), ("name", S.string), ("scope", S.enumeration(APIToken.Scope.allCases.map(\.rawValue))),
            ("cohort", S.nullableInteger), ("created_at", S.dateTime), ("revoked_at", S.nullableDateTime),
        ]
        if withSecret { properties.append(("token", ["type": "string", "description": "The secret, shown once."])) }
        return S.object(properties)
    }
}
