import HTTP

/// How learners, cohorts, tokens, scores and progress look in the JSON API: one place, so every route and
/// the OpenAPI schemas agree. Times are RFC 3339 UTC; absent values are explicit `null`s.
enum ResourceJSON {
    static func learner(_ learner: Learner, cohort: Cohort?) -> JSONValue {
        [
            "id": .int(learner.id),
            "display_name": .string(learner.displayName),
            "language": .string(learner.language),
            "cohort": .optional(cohort) { ["id": .int($0.id), "name": .string($0.name)] },
            "created_at": .time(learner.createdAt),
            "last_seen_at": .time(learner.lastSeenAt),
        ]
    }

    /// A cohort with its plan: `required` resolved against the course's `chapters` (the default listed).
    static func cohort(_ cohort: Cohort, origin: PublicOrigin, chapters: [Int]) -> JSONValue {
        [
            "id": .int(cohort.id),
            "name": .string(cohort.name),
            "join_code": .string(cohort.joinCode),
            "join_url": .string(joinURL(cohort, origin: origin)),
            "learners": .int(Int64(cohort.learnerCount)),
            "created_at": .time(cohort.createdAt),
            "due_date": .stringOrNull(cohort.plan.dueDate?.text),
            "required": .array(cohort.plan.requiredSections(chapters: chapters).map { .string($0.name) }),
        ]
    }

    /// The absolute invitation URL from `--public-url` (else the listening address), never from the
    /// request's `Host`, which a client can forge; the path alone when no origin is known.
    static func joinURL(_ cohort: Cohort, origin: PublicOrigin) -> String {
        origin.url(cohort.joinPath)
    }

    static func token(_ token: APIToken) -> JSONValue {
        [
            "id": .int(token.id),
            "name": .string(token.name),
            "scope": .string(token.scope.rawValue),
            "cohort": .intOrNull(token.cohortID),
            "created_at": .time(token.createdAt),
            "revoked_at": .time(token.revokedAt),
        ]
    }

    static func score(_ record: ScoreRecord, policy: ScoringPolicy) -> JSONValue {
        [
            "learner": .int(record.learnerID),
            "display_name": .string(record.displayName),
            "cohort": .intOrNull(record.cohortID),
            "question": .string(record.questionID),
            "chapter": .intOrNull(record.chapter.map(Int64.init)),
            "section": .string(record.section.name),
            "first_score": .double(record.tries.firstScore),
            "best_score": .double(record.tries.bestScore),
            "score": .double(policy.score(record.tries)),
            "passed": .bool(policy.passed(record.tries)),
            "attempts": .int(Int64(record.tries.attempts)),
            "revealed": .bool(record.tries.revealedAt != nil),
            "last_attempt_at": .time(record.lastAttemptAt),
        ]
    }

    /// One question's facts and marks inside a progress section.
    static func questionScore(_ question: LearnerProgress.QuestionResult) -> JSONValue {
        [
            "first_score": .double(question.firstScore),
            "best_score": .double(question.bestScore),
            "score": .double(question.score),
            "passed": .bool(question.passed),
            "attempts": .int(Int64(question.attempts)),
            "revealed": .bool(question.revealed),
        ]
    }

    static func attempt(_ attempt: Attempt) -> JSONValue {
        [
            "id": .int(attempt.id),
            "question": .string(attempt.questionID),
            "section": .string(attempt.section.name),
            "language": .string(attempt.language),
            "answer": .string(attempt.answer),
            "choice": .stringOrNull(attempt.choice),
            "verdict": .string(attempt.verdict.rawValue),
            "score": .double(attempt.score),
            "content_version": .intOrNull(attempt.contentVersionID),
            "created_at": .time(attempt.createdAt),
        ]
    }

    /// One section of a learner's progress.
    static func section(_ section: LearnerProgress.Section) -> JSONValue {
        var chapter: Int64?
        if case .chapter(let number) = section.section { chapter = Int64(number) }
        return [
            "section": .string(section.name),
            "chapter": .intOrNull(chapter),
            "read": .bool(section.read),
            "passed": .bool(section.isPassed),
            "questions_passed": .int(Int64(section.questionsPassed)),
            "questions_total": .int(Int64(section.questionsTotal)),
            "score": .optional(section.score) { .double($0) },
            "first_score": .optional(section.firstScore) { .double($0) },
            "best_score": .optional(section.bestScore) { .double($0) },
            "attempts": .int(Int64(section.attempts)),
            "revealed": .int(Int64(section.revealed)),
            "best_scores": .object(
                section.bestScores.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .double($0.value)) }),
            "questions": .object(
                section.questions.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: questionScore($0.value)) }
            ),
            "last_activity": .time(section.lastActivity),
        ]
    }

    /// A learner's whole progress: sections, totals and the overall percentage (0–100).
    static func progress(_ progress: LearnerProgress) -> JSONValue {
        let passed = progress.sections.reduce(0) { $0 + $1.questionsPassed }
        let total = progress.sections.reduce(0) { $0 + $1.questionsTotal }
        return [
            "overall_percentage": .double(percentage(progress.overall)),
            "questions_passed": .int(Int64(passed)),
            "questions_total": .int(Int64(total)),
            "last_activity": .time(progress.sections.compactMap(\.lastActivity).max()),
            "chapters": .array(progress.sections.map(section)),
        ]
    }

    /// A share 0…1 as a percentage rounded to one decimal.
    static func percentage(_ share: Double) -> Double {
        (share * 1000).rounded() / 10
    }
}

extension ResourceJSON {
    /// A webhook as the API shows it: never its secret.
    static func webhook(_ webhook: Webhook) -> JSONValue {
        [
            "id": .int(webhook.id), "url": .string(webhook.url),
            "events": .array(webhook.events.map { .string($0.rawValue) }), "created_at": .time(webhook.createdAt),
        ]
    }

    /// One delivery and where it stands: attempts, the receiver's last status, the next try.
    static func delivery(_ delivery: Delivery) -> JSONValue {
        [
            "id": .string(delivery.messageID), "event": .string(delivery.event),
            "state": .string(delivery.state.rawValue), "attempts": .int(Int64(delivery.attempts)),
            "last_status": .intOrNull(delivery.lastStatus.map(Int64.init)),
            "last_error": .stringOrNull(delivery.lastError), "created_at": .time(delivery.createdAt),
            "next_attempt_at": .time(delivery.state == .pending ? delivery.nextAttemptAt : nil),
            "delivered_at": .time(delivery.deliveredAt),
        ]
    }
}
