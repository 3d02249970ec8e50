import Grading
import SQLite
import Views

/// Attempts on SQLite: all SQL about attempts, section reads and per-question scores.
struct SQLiteAttemptStore: AttemptStoring {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    /// Stores an attempt durably and returns it with its id, the learner's facts on the question after it, and
    /// the learner's token when one was created.
    ///
    /// Runs through the group-commit queue: the caller is resumed only after the batch holding this
    /// attempt has committed (`synchronous=FULL` in WAL mode fsyncs the log at each commit), so an
    /// acknowledged attempt survives a crash or power loss.
    func record(_ attempt: NewAttempt, by reference: LearnerReference) async throws(StoreError) -> RecordedAttempt {
        try await database.committing { connection in
            let (learnerID, issued) = try Self.resolve(reference, on: connection)
            let now = WallClock.nowMilliseconds()
            try connection.execute(
                sql: """
                    INSERT INTO attempts (learner_id, question_id, section, language, answer, choice, verdict, score,
                    content_version_id, question_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    learnerID, attempt.questionID, attempt.section.name, attempt.language, attempt.answer,
                    attempt.choice,
                    attempt.verdict.rawValue, attempt.score, attempt.contentVersionID, attempt.questionHash, now,
                ])
            let id = connection.lastInsertedRowID
            let before = try Self.tries(learnerID, attempt.questionID, connection)
            var tries = before ?? QuestionTries()
            tries.add(score: attempt.score, correct: attempt.verdict == .correct, at: now)
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
            if let announcement = attempt.announcement {
                try Self.announce(stored, before: before, announcement, at: now, connection)
            }
            return RecordedAttempt(attempt: stored, tries: tries, issued: issued)
        }
    }

    /// Records that the learner asked to see the answers of `questions` (id and section), creating the learner
    /// when asked; repeating it keeps the first time. Returns each question's facts after the reveal.
    func reveal(_ questions: [(id: String, section: CourseSection)], by reference: LearnerReference)
        async throws(StoreError) -> RevealedAnswers
    {
        try await database.committing { connection in
            let (learnerID, issued) = try Self.resolve(reference, on: connection)
            let now = WallClock.nowMilliseconds()
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
            return RevealedAnswers(tries: result, learnerID: learnerID, issued: issued)
        }
    }

    /// Writes the attempt's events to the outbox in its transaction: they commit, or roll back, with it.
    private static func announce(
        _ attempt: Attempt, before: QuestionTries?, _ announcement: AttemptAnnouncement, at now: Int64,
        _ connection: Connection
    ) throws {
        if !announcement.pushesStatements {
            let webhooks: Int64? = try connection.scalar(sql: "SELECT count(*) FROM webhooks")
            guard (webhooks ?? 0) > 0 else { return }
        }
        guard
            let row = try connection.queryOne(
                sql: """
                    SELECT l.display_name, l.cohort_id, c.due_date, c.required FROM learners l
                    LEFT JOIN cohorts c ON c.id = l.cohort_id WHERE l.id = ?
                    """,
                arguments: [attempt.learnerID])
        else { return }
        let learner = AttemptAnnouncement.LearnerFacts(
            id: attempt.learnerID, displayName: try row["display_name"], cohortID: try row["cohort_id"],
            plan: SQLiteCohortStore.plan(dueDate: try row["due_date"], required: try row["required"]))
        let after = try progressRecords(attempt.learnerID, connection).tries
        let messages = announcement.messages(for: attempt, learner: learner, before: before, after: after)
        try SQLiteOutboxStore.enqueue(messages, at: now, on: connection)
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
        _ tries: QuestionTries, learnerID: Int64, questionID: String, section: CourseSection, at now: Int64,
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
                learnerID, questionID, section.name, tries.bestScore, tries.firstCorrectTry == nil ? 0 : 1,
                tries.attempts,
                now, tries.firstScore, tries.firstCorrectTry, tries.firstCorrectAt, tries.revealedAt,
                tries.encodedSteps,
            ])
    }

    /// Marks a section (`ch3`, `appendix`, `practice`) as opened by the learner.
    func recordRead(section: CourseSection, language: String, by reference: LearnerReference)
        async throws(StoreError) -> IssuedLearner?
    {
        try await database.committing { connection in
            let (learnerID, issued) = try Self.resolve(reference, on: connection)
            let now = WallClock.nowMilliseconds()
            try connection.execute(
                sql: """
                    INSERT INTO section_reads (learner_id, section, language, first_opened_at, last_opened_at)
                    VALUES (?, ?, ?, ?, ?) ON CONFLICT (learner_id, section) DO UPDATE SET
                    last_opened_at = excluded.last_opened_at, language = excluded.language
                    """,
                arguments: [learnerID, section.name, language, now, now])
            return issued
        }
    }

    /// The learner's id, creating the learner (and its first token) in the caller's transaction when asked.
    static func resolve(_ reference: LearnerReference, on connection: Connection) throws -> (Int64, IssuedLearner?) {
        switch reference {
        case .existing(let id):
            return (id, nil)
        case .create(let language):
            let created = try SQLiteLearnerStore.insert(
                displayName: "", language: language, cohortID: nil, on: connection)
            return (created.learner.id, created)
        }
    }

    /// The learner's attempts with id greater than `cursor`, oldest first (keyset pagination never skips
    /// or repeats while new attempts arrive: they always get larger ids).
    func attempts(learnerID: Int64, after cursor: Int64, limit: Int, questionID: String?)
        async throws(StoreError) -> [Attempt]
    {
        try await database.reading { connection in
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
    func recentAttempts(learnerID: Int64, limit: Int) async throws(StoreError) -> [Attempt] {
        try await database.reading { connection in
            try connection.query(
                sql: "SELECT * FROM attempts WHERE learner_id = ? ORDER BY id DESC LIMIT ?",
                arguments: [learnerID, limit]
            ).map(Self.attempt(from:))
        }
    }

    /// Per-question scores and per-section reads: the raw material of progress views.
    func progressRecords(learnerID: Int64) throws(StoreError) -> ProgressRecords {
        try database.reading { try Self.progressRecords(learnerID, $0) }
    }

    static func progressRecords(_ learnerID: Int64, _ connection: Connection) throws -> ProgressRecords {
        let scores = try connection.query(
            sql: "SELECT * FROM question_scores WHERE learner_id = ?", arguments: [learnerID]
        ).map(QuestionScore.init(row:))
        var opened: [CourseSection: Int64] = [:]
        for row in try connection.query(
            sql: "SELECT section, last_opened_at FROM section_reads WHERE learner_id = ?", arguments: [learnerID])
        {
            opened[try section(row)] = try row["last_opened_at"]
        }
        return ProgressRecords(scores: scores, lastOpened: opened)
    }

    /// The learner's latest attempts in one section, newest first.
    func latestAttempts(learnerID: Int64, section: CourseSection, limit: Int) throws(StoreError) -> [Attempt] {
        try database.reading { try Self.latestAttempts(learnerID, section: section, limit: limit, $0) }
    }

    static func latestAttempts(_ learnerID: Int64, section: CourseSection, limit: Int, _ connection: Connection) throws
        -> [Attempt]
    {
        try connection.query(
            sql: "SELECT * FROM attempts WHERE learner_id = ? AND section = ? ORDER BY id DESC LIMIT ?",
            arguments: [learnerID, section.name, limit]
        ).map(Self.attempt(from:))
    }

    /// The row's `section` column, parsed once here.
    static func section(_ row: Row) throws -> CourseSection {
        let name: String = try row["section"]
        guard let section = CourseSection(name: name) else {
            throw SQLiteError(kind: .decoding, message: "section holds an unknown section name")
        }
        return section
    }

    static func attempt(from row: Row) throws -> Attempt {
        let verdictText: String = try row["verdict"]
        guard let verdict = Verdict(rawValue: verdictText) else {
            throw SQLiteError(kind: .decoding, message: "attempts.verdict holds an unknown verdict")
        }
        return Attempt(
            id: try row["id"], learnerID: try row["learner_id"], questionID: try row["question_id"],
            section: try section(row), language: try row["language"], answer: try row["answer"],
            choice: try row["choice"], verdict: verdict, score: try row["score"],
            contentVersionID: try row["content_version_id"], questionHash: try row["question_hash"],
            createdAt: try row["created_at"])
    }
}

/// A stored attempt with the learner's facts on its question after it.
struct RecordedAttempt: Sendable {
    var attempt: Attempt
    var tries: QuestionTries
    /// The learner created for this attempt, with its token.
    var issued: IssuedLearner?
}

/// A learner's facts on one question, as stored in `question_scores`.
struct QuestionScore: Sendable, Equatable {
    var learnerID: Int64
    var questionID: String
    var section: CourseSection
    var tries: QuestionTries
    /// The last attempt or reveal (Unix ms).
    var lastAttemptAt: Int64

    init(row: Row) throws {
        learnerID = try row["learner_id"]
        questionID = try row["question_id"]
        section = try SQLiteAttemptStore.section(row)
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
struct ProgressRecords: Sendable {
    var scores: [QuestionScore]
    var lastOpened: [CourseSection: Int64]

    /// The learner's facts by question id.
    var tries: [String: QuestionTries] {
        Dictionary(scores.map { ($0.questionID, $0.tries) }, uniquingKeysWith: { first, _ in first })
    }
}
