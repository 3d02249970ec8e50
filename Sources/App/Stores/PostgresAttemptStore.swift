import Grading
import PostgreSQL
import Views

/// Attempts on PostgreSQL: the same semantics as `SQLiteAttemptStore`, every value bound.
///
/// Each write runs in the node's group commit (one transaction, one WAL flush, for the writes queued meanwhile;
/// a savepoint each) and is acknowledged after that COMMIT with `synchronous_commit = on`. The learner's row
/// is updated first: its row lock serialises one learner's writes across nodes, so the read-modify-write of
/// `question_scores` never loses a try; batches are ordered by learner id, so they take those locks in one
/// order and never deadlock.
struct PostgresAttemptStore: AttemptStoring {
    let pool: ConnectionPool

    func record(_ attempt: NewAttempt, by reference: LearnerReference) async throws(StoreError) -> RecordedAttempt {
        try await pool.committingInBatch(
            orderedBy: reference.lockOrder,
            send: { connection in
                let (learnerID, issued) = try Self.resolve(reference, on: connection)
                let now = WallClock.nowMilliseconds()
                // One statement (migration 0007), sharing its round trip with the batch's other learners': mark
                // the learner seen, taking their row lock; insert the attempt; read the question's facts after
                // the lock was granted, so no other node's try is missed.
                let expected = try connection.sendExpecting(
                    "SELECT * FROM folio_record_attempt($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                    [
                        learnerID, attempt.questionID, attempt.section.name, attempt.language, attempt.answer,
                        attempt.choice, attempt.verdict.rawValue, attempt.score, attempt.contentVersionID,
                        attempt.questionHash, now,
                    ])
                return SentAttempt(learnerID: learnerID, issued: issued, at: now, expected: expected)
            },
            finish: { connection, sent in
                guard let row = try connection.rows(of: sent.expected).first else {
                    throw PostgreSQLError(kind: .server, message: "folio_record_attempt gave no row")
                }
                let (learnerID, now) = (sent.learnerID, sent.at)
                let scored: Int64? = try row["scored_learner"]
                let before = try scored.map { _ in try PostgresRows.tries(row) }
                var tries = before ?? QuestionTries()
                tries.add(score: attempt.score, correct: attempt.verdict == .correct, at: now)
                // Nothing is read back: the upsert travels with the next round trip (the next run's, or COMMIT).
                let (upsert, values) = Self.save(
                    tries, learnerID: learnerID, questionID: attempt.questionID, section: attempt.section, at: now)
                try connection.sendAhead(upsert, values)
                let stored = Attempt(
                    id: try row["attempt_id"], learnerID: learnerID, questionID: attempt.questionID,
                    section: attempt.section, language: attempt.language, answer: attempt.answer,
                    choice: attempt.choice, verdict: attempt.verdict, score: attempt.score,
                    contentVersionID: attempt.contentVersionID, questionHash: attempt.questionHash, createdAt: now)
                if let announcement = attempt.announcement {
                    try Self.announce(
                        stored, before: before, announcement, hasWebhooks: try row["has_webhooks"], at: now,
                        connection)
                }
                return RecordedAttempt(attempt: stored, tries: tries, issued: sent.issued)
            })
    }

    func reveal(_ questions: [(id: String, section: CourseSection)], by reference: LearnerReference)
        async throws(StoreError) -> RevealedAnswers
    {
        let questions = questions.map { RevealedQuestion(id: $0.id, section: $0.section) }
        return try await pool.committingInBatch(orderedBy: reference.lockOrder) { connection in
            let (learnerID, issued) = try Self.resolve(reference, on: connection)
            let now = WallClock.nowMilliseconds()
            try Self.touch(learnerID, at: now, connection)
            var result: [String: QuestionTries] = [:]
            for question in questions {
                let existing = try Self.tries(learnerID, question.id, connection)
                var tries = existing ?? QuestionTries()
                tries.reveal(at: now)
                if tries != existing {
                    let (upsert, values) = Self.save(
                        tries, learnerID: learnerID, questionID: question.id, section: question.section, at: now)
                    try connection.execute(upsert, values)
                }
                result[question.id] = tries
            }
            return RevealedAnswers(tries: result, learnerID: learnerID, issued: issued)
        }
    }

    func recordRead(section: CourseSection, language: String, by reference: LearnerReference)
        async throws(StoreError) -> IssuedLearner?
    {
        try await pool.committingInBatch(orderedBy: reference.lockOrder) { connection in
            let (learnerID, issued) = try Self.resolve(reference, on: connection)
            let now = WallClock.nowMilliseconds()
            try connection.execute(
                """
                INSERT INTO section_reads (learner_id, section, language, first_opened_at, last_opened_at)
                VALUES ($1, $2, $3, $4, $4) ON CONFLICT (learner_id, section) DO UPDATE SET
                last_opened_at = excluded.last_opened_at, language = excluded.language
                """,
                [learnerID, section.name, language, now])
            return issued
        }
    }

    func attempts(learnerID: Int64, after cursor: Int64, limit: Int, questionID: String?)
        async throws(StoreError) -> [Attempt]
    {
        try await pool.reading { connection in
            try connection.query(
                """
                SELECT * FROM attempts WHERE learner_id = $1 AND id > $2 AND ($3 IS NULL OR question_id = $3)
                ORDER BY id LIMIT $4
                """,
                [learnerID, cursor, questionID, limit]
            ).map(Self.attempt(from:))
        }
    }

    func recentAttempts(learnerID: Int64, limit: Int) async throws(StoreError) -> [Attempt] {
        try await pool.reading { connection in
            try connection.query(
                "SELECT * FROM attempts WHERE learner_id = $1 ORDER BY id DESC LIMIT $2", [learnerID, limit]
            ).map(Self.attempt(from:))
        }
    }

    func latestAttempts(learnerID: Int64, section: CourseSection, limit: Int) throws(StoreError) -> [Attempt] {
        try pool.readingBlocking { connection in
            try connection.query(
                "SELECT * FROM attempts WHERE learner_id = $1 AND section = $2 ORDER BY id DESC LIMIT $3",
                [learnerID, section.name, limit]
            ).map(Self.attempt(from:))
        }
    }

    func progressRecords(learnerID: Int64) throws(StoreError) -> ProgressRecords {
        try pool.readingBlocking { connection in try Self.progressRecords(learnerID, connection) }
    }

    /// Scores and section reads of one learner, on the caller's connection.
    static func progressRecords(_ learnerID: Int64, _ connection: Connection) throws -> ProgressRecords {
        let scores = try connection.query("SELECT * FROM question_scores WHERE learner_id = $1", [learnerID])
            .map(QuestionScore.init(postgres:))
        var opened: [CourseSection: Int64] = [:]
        for row in try connection.query(
            "SELECT section, last_opened_at FROM section_reads WHERE learner_id = $1", [learnerID])
        {
            opened[try PostgresRows.section(row)] = try row["last_opened_at"]
        }
        return ProgressRecords(scores: scores, lastOpened: opened)
    }

    /// The learner's id, creating the learner (and its first token) in the caller's transaction when asked.
    static func resolve(_ reference: LearnerReference, on connection: Connection) throws -> (Int64, IssuedLearner?) {
        switch reference {
        case .existing(let id):
            return (id, nil)
        case .create(let language):
            let created = try PostgresLearnerStore.insert(
                displayName: "", language: language, cohortID: nil, on: connection)
            return (created.learner.id, created)
        }
    }

    /// Marks the learner seen, taking their row lock until COMMIT.
    private static func touch(_ learnerID: Int64, at now: Int64, _ connection: Connection) throws {
        try connection.execute("UPDATE learners SET last_seen_at = $1 WHERE id = $2", [now, learnerID])
    }

    private static func tries(_ learnerID: Int64, _ questionID: String, _ connection: Connection) throws
        -> QuestionTries?
    {
        try connection.queryOne(
            "SELECT * FROM question_scores WHERE learner_id = $1 AND question_id = $2", [learnerID, questionID]
        ).map(PostgresRows.tries)
    }

    /// The upsert that stores a learner's facts on a question, with its values.
    private static func save(
        _ tries: QuestionTries, learnerID: Int64, questionID: String, section: CourseSection, at now: Int64
    ) -> (String, [any PostgreSQLBindable]) {
        (
            """
            INSERT INTO question_scores (learner_id, question_id, section, best_score, passed, attempts,
            last_attempt_at, first_score, first_correct_try, first_correct_at, revealed_at, score_steps)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
            ON CONFLICT (learner_id, question_id) DO UPDATE SET
            section = excluded.section, best_score = excluded.best_score, passed = excluded.passed,
            attempts = excluded.attempts, last_attempt_at = excluded.last_attempt_at,
            first_score = excluded.first_score, first_correct_try = excluded.first_correct_try,
            first_correct_at = excluded.first_correct_at, revealed_at = excluded.revealed_at,
            score_steps = excluded.score_steps
            """,
            [
                learnerID, questionID, section.name, tries.bestScore, tries.firstCorrectTry == nil ? 0 : 1,
                tries.attempts, now, tries.firstScore, tries.firstCorrectTry, tries.firstCorrectAt, tries.revealedAt,
                tries.encodedSteps,
            ]
        )
    }

    static func attempt(from row: Row) throws -> Attempt {
        let verdictText: String = try row["verdict"]
        guard let verdict = Verdict(rawValue: verdictText) else {
            throw PostgreSQLError(kind: .decoding, message: "attempts.verdict holds an unknown verdict")
        }
        return Attempt(
            id: try row["id"], learnerID: try row["learner_id"], questionID: try row["question_id"],
            section: try PostgresRows.section(row), language: try row["language"], answer: try row["answer"],
            choice: try row["choice"], verdict: verdict, score: try row["score"],
            contentVersionID: try row["content_version_id"], questionHash: try row["question_hash"],
            createdAt: try row["created_at"])
    }
}

extension LearnerReference {
    /// Where a write for this learner goes in a group commit: by id, so batches lock learners in one order.
    /// A learner still to be created locks no existing row.
    var lockOrder: Int64 {
        switch self {
        case .existing(let id): id
        case .create: Int64.max
        }
    }
}

/// An attempt's first half in a group commit: whose it is, when, and its statement's rows to come.
private struct SentAttempt: Sendable {
    var learnerID: Int64
    var issued: IssuedLearner?
    var at: Int64
    var expected: ExpectedRows
}

/// A question to reveal, as a Sendable value for the pool thread.
private struct RevealedQuestion: Sendable {
    var id: String
    var section: CourseSection
}
