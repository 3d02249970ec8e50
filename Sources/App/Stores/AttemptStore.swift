import SQLite

/// All SQL about attempts, section reads and per-question scores.
public struct AttemptStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Stores an attempt durably and returns it with its id, the learner's facts on the question after it, and
    /// the learner's token when one was created.
    ///
    /// Runs through the group-commit queue: the caller is resumed only after the batch holding this
    /// attempt has committed (`synchronous=FULL` in WAL mode fsyncs the log at each commit), so an
    /// acknowledged attempt survives a crash or power loss.
    public func record(_ attempt: NewAttempt, by reference: LearnerReference) async throws -> RecordedAttempt {
        try await database.submit { connection in
            let (learnerID, issued) = try Self.resolve(reference, on: connection)
            let now = Clock.nowMilliseconds()
            try connection.execute(
                sql: """
                    INSERT INTO attempts (learner_id, question_id, section, language, answer, choice, verdict, score,
                    content_version_id, question_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    learnerID, attempt.questionID, attempt.section, attempt.language, attempt.answer, attempt.choice,
                    attempt.verdict, attempt.score, attempt.contentVersionID, attempt.questionHash, now,
                ])
            let id = connection.lastInsertedRowID
            var tries = try Self.tries(learnerID, attempt.questionID, connection) ?? QuestionTries()
            tries.add(score: attempt.score, correct: attempt.verdict == "correct", at: now)
            try Self.save(
                tries, learnerID: learnerID, questionID: attempt.questionID, section: attempt.section,
                at: now, connection)
            try connection.execute(
                sql: "UPDATE learners SET last_seen_at = ? WHERE id = ?", arguments: [now, learnerID])
            let stored = Attempt(
                id: id, learnerID: learnerID, questionID: attempt.questionID, section: attempt.section,
                language: attempt.language, answer: attempt.answer, choice: attempt.choice, verdict: attempt.verdict,
                score: attempt.score, contentVersionID: attempt.contentVersionID, questionHash: attempt.questionHash,
                createdAt: now)
            return RecordedAttempt(attempt: stored, tries: tries, issued: issued)
        }
    }

    /// Records that the learner asked to see the answers of `questions` (id and section), creating the learner
    /// when asked; repeating it keeps the first time. Returns each question's facts after the reveal.
    public func reveal(_ questions: [(id: String, section: String)], by reference: LearnerReference) async throws
        -> (tries: [String: QuestionTries], learnerID: Int64, issued: IssuedLearner?)
    {
        try await database.submit { connection in
            let (learnerID, issued) = try Self.resolve(reference, on: connection)
            let now = Clock.nowMilliseconds()
            var result: [String: QuestionTries] = [:]
            for question in questions {
                let existing = try Self.tries(learnerID, question.id, connection)
                var tries = existing ?? QuestionTries()
                tries.reveal(at: now)
                if tries != existing {
                    try Self.save(
                        tries, learnerID: learnerID, questionID: question.id, section: question.section,
                        at: now, connection)
                }
                result[question.id] = tries
            }
            try connection.execute(
                sql: "UPDATE learners SET last_seen_at = ? WHERE id = ?", arguments: [now, learnerID])
            return (result, learnerID, issued)
        }
    }

    /// The learner's facts on one question, `nil` before any attempt or reveal.
    static func tries(_ learnerID: Int64, _ questionID: String, _ connection: Connection) throws -> QuestionTries? {
        try connection.query(
            sql: "SELECT * FROM question_scores WHERE learner_id = ? AND question_id = ?",
            arguments: [learnerID, questionID]
        ).first.map(QuestionTries.init(row:))
    }

    /// Writes the learner's facts on one question; `passed` keeps its stored meaning (a correct try).
    private static func save(
        _ tries: QuestionTries, learnerID: Int64, questionID: String, section: String, at now: Int64,
        _ connection: Connection
    ) throws {
        try connection.execute(
            sql: """
                INSERT INTO question_scores (learner_id, question_id, section, best_score, passed, attempts,
                last_attempt_at, first_score, first_correct_try, first_correct_at, revealed_at, score_steps)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (learner_id, question_id) DO UPDATE SET
                section = excluded.section, best_score = excluded.best_score, passed = excluded.passed,
                attempts = excluded.attempts, last_attempt_at = excluded.last_attempt_at,
                first_score = excluded.first_score, first_correct_try = excluded.first_correct_try,
                first_correct_at = excluded.first_correct_at, revealed_at = excluded.revealed_at,
                score_steps = excluded.score_steps
                """,
            arguments: [
                learnerID, questionID, section, tries.bestScore, tries.firstCorrectTry == nil ? 0 : 1, tries.attempts,
                now, tries.firstScore, tries.firstCorrectTry, tries.firstCorrectAt, tries.revealedAt,
                tries.encodedSteps,
            ])
    }

    /// Marks a section (`ch3`, `appendix`, `practice`) as opened by the learner.
    public func recordRead(section: String, language: String, by reference: LearnerReference) async throws
        -> IssuedLearner?
    {
        try await database.submit { connection in
            let (learnerID, issued) = try Self.resolve(reference, on: connection)
            let now = Clock.nowMilliseconds()
            try connection.execute(
                sql: """
                    INSERT INTO section_reads (learner_id, section, language, first_opened_at, last_opened_at)
                    VALUES (?, ?, ?, ?, ?) ON CONFLICT (learner_id, section) DO UPDATE SET
                    last_opened_at = excluded.last_opened_at, language = excluded.language
                    """,
                arguments: [learnerID, section, language, now, now])
            return issued
        }
    }

    /// The learner's id, creating the learner (and its first token) in the caller's transaction when asked.
    static func resolve(_ reference: LearnerReference, on connection: Connection) throws -> (Int64, IssuedLearner?) {
        switch reference {
        case .existing(let id):
            return (id, nil)
        case .create(let language):
            let created = try LearnerStore.insert(displayName: "", language: language, cohortID: nil, on: connection)
            return (created.learner.id, created)
        }
    }

    /// The learner's attempts with id greater than `cursor`, oldest first (keyset pagination never skips
    /// or repeats while new attempts arrive: they always get larger ids).
    public func attempts(learnerID: Int64, after cursor: Int64, limit: Int, questionID: String? = nil) throws
        -> [Attempt]
    {
        try database.read { connection in
            try connection.query(
                sql: """
                    SELECT * FROM attempts WHERE learner_id = ? AND id > ? AND (?3 IS NULL OR question_id = ?3)
                    ORDER BY id LIMIT ?
                    """,
                arguments: [learnerID, cursor, questionID, limit]
            ).map(Self.attempt(from:))
        }
    }

    /// The learner's most recent attempts across every question, newest first.
    public func recentAttempts(learnerID: Int64, limit: Int) throws -> [Attempt] {
        try database.read { connection in
            try connection.query(
                sql: "SELECT * FROM attempts WHERE learner_id = ? ORDER BY id DESC LIMIT ?",
                arguments: [learnerID, limit]
            ).map(Self.attempt(from:))
        }
    }

    /// Per-question scores and per-section reads: the raw material of progress views.
    public func progressRecords(learnerID: Int64) throws -> ProgressRecords {
        try database.read { try Self.progressRecords(learnerID, $0) }
    }

    static func progressRecords(_ learnerID: Int64, _ connection: Connection) throws -> ProgressRecords {
        let scores = try connection.query(
            sql: "SELECT * FROM question_scores WHERE learner_id = ?", arguments: [learnerID]
        ).map(QuestionScore.init(row:))
        var opened: [String: Int64] = [:]
        for row in try connection.query(
            sql: "SELECT section, last_opened_at FROM section_reads WHERE learner_id = ?", arguments: [learnerID])
        {
            opened[try row["section"]] = try row["last_opened_at"]
        }
        return ProgressRecords(scores: scores, lastOpened: opened)
    }

    /// The learner's latest attempts in one section, newest first.
    static func latestAttempts(_ learnerID: Int64, section: String, limit: Int, _ connection: Connection) throws
        -> [Attempt]
    {
        try connection.query(
            sql: "SELECT * FROM attempts WHERE learner_id = ? AND section = ? ORDER BY id DESC LIMIT ?",
            arguments: [learnerID, section, limit]
        ).map(Self.attempt(from:))
    }

    static func attempt(from row: Row) throws -> Attempt {
        Attempt(
            id: try row["id"], learnerID: try row["learner_id"], questionID: try row["question_id"],
            section: try row["section"], language: try row["language"], answer: try row["answer"],
            choice: try row["choice"], verdict: try row["verdict"], score: try row["score"],
            contentVersionID: try row["content_version_id"], questionHash: try row["question_hash"],
            createdAt: try row["created_at"])
    }
}

/// A stored attempt with the learner's facts on its question after it.
public struct RecordedAttempt: Sendable {
    public var attempt: Attempt
    public var tries: QuestionTries
    /// The learner created for this attempt, with its token.
    public var issued: IssuedLearner?
}

/// A learner's facts on one question, as stored in `question_scores`.
public struct QuestionScore: Sendable, Equatable {
    public var learnerID: Int64
    public var questionID: String
    public var section: String
    public var tries: QuestionTries
    /// The last attempt or reveal (Unix ms).
    public var lastAttemptAt: Int64

    init(row: Row) throws {
        learnerID = try row["learner_id"]
        questionID = try row["question_id"]
        section = try row["section"]
        tries = try QuestionTries(row: row)
        lastAttemptAt = try row["last_attempt_at"]
    }
}

extension QuestionTries {
    /// The facts of a `question_scores` row.
    init(row: Row) throws {
        self.init(
            firstScore: try row["first_score"], bestScore: try row["best_score"], attempts: try row["attempts"],
            firstCorrectTry: try row["first_correct_try"], firstCorrectAt: try row["first_correct_at"],
            revealedAt: try row["revealed_at"], steps: Self.steps(decoding: try row["score_steps"]))
    }
}

/// Scores by question and last-opened time by section, for one learner.
public struct ProgressRecords: Sendable {
    public var scores: [QuestionScore]
    public var lastOpened: [String: Int64]

    /// The learner's facts by question id.
    public var tries: [String: QuestionTries] {
        Dictionary(scores.map { ($0.questionID, $0.tries) }, uniquingKeysWith: { first, _ in first })
    }
}
