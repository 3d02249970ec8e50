import Foundation
import SQLite
import Testing

@testable import App

/// `0003_tries_and_reveals.sql` backfills the new facts from the attempts stored before it.
struct ScoreMigrationTests {
    @Test func theBackfillMatchesWhatRecordingTheSameTriesWouldStore() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-mig-\(UUID().uuidString)")
        let before = directory.appendingPathComponent("before")
        try FileManager.default.createDirectory(at: before, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let migrations = TestServer.repositoryRoot.appendingPathComponent("Migrations")
        for name in ["0001_learners_and_attempts.sql", "0002_admin.sql"] {
            try FileManager.default.copyItem(
                at: migrations.appendingPathComponent(name), to: before.appendingPathComponent(name))
        }
        let database = try Database(path: directory.appendingPathComponent("folio.sqlite").path)
        defer { database.close() }
        _ = try Migrator(directory: before).migrate(database)

        // What the server stored before: every attempt, and question_scores kept alongside.
        let history: [String: [(score: Double, verdict: String)]] = [
            "ch1-q1": [(0, "incorrect"), (0.5, "partial"), (1, "correct"), (0, "incorrect")],
            "ch1-q2": [(0.4, "partial")],
            "ch1-q3": [(1, "correct")],
        ]
        try database.write { connection in
            try connection.execute(
                sql:
                    "INSERT INTO learners (id, display_name, language, created_at, last_seen_at) VALUES (1, 'A', 'it', 0, 0)"
            )
            var time: Int64 = 100
            for (question, tries) in history.sorted(by: { $0.key < $1.key }) {
                for item in tries {
                    time += 1
                    try connection.execute(
                        sql: """
                            INSERT INTO attempts (learner_id, question_id, section, language, answer, verdict, score,
                            question_hash, created_at) VALUES (1, ?, 'ch1', 'it', 'x', ?, ?, 'h', ?)
                            """,
                        arguments: [question, item.verdict, item.score, time])
                }
                try connection.execute(
                    sql: """
                        INSERT INTO question_scores (learner_id, question_id, section, best_score, passed, attempts,
                        last_attempt_at) VALUES (1, ?, 'ch1', ?, ?, ?, ?)
                        """,
                    arguments: [
                        question, tries.map(\.score).max() ?? 0, tries.contains { $0.verdict == "correct" } ? 1 : 0,
                        tries.count, time,
                    ])
            }
        }
        let report = try Migrator(directory: migrations).migrate(database)
        #expect(report.applied.map(\.name).contains("0003_tries_and_reveals.sql"))

        let records = try database.read { try AttemptStore.progressRecords(1, $0) }
        let stored = records.tries
        #expect(stored.count == 3)
        for (question, tries) in history {
            let expected = QuestionTries(tries: tries.map { ($0.score, $0.verdict == "correct") })
            let facts = try #require(stored[question])
            #expect(facts.firstScore == expected.firstScore, "\(question)")
            #expect(facts.bestScore == expected.bestScore, "\(question): nothing earned is lost")
            #expect(facts.attempts == expected.attempts, "\(question)")
            #expect(facts.firstCorrectTry == expected.firstCorrectTry, "\(question)")
            #expect(facts.revealedAt == nil, "\(question)")
            #expect(
                facts.steps.sorted { $0.number < $1.number } == expected.steps, "\(question): \(facts.encodedSteps)")
            for penalty in [0, 0.333, 1] {
                #expect(facts.score(penalty: penalty) == expected.score(penalty: penalty), "\(question) \(penalty)")
            }
        }
        #expect(stored["ch1-q1"]?.firstCorrectAt == 103)
        #expect(ScoringPolicy().score(try #require(stored["ch1-q1"])) == 0.334)
        #expect(ScoringPolicy().passed(try #require(stored["ch1-q3"])))
    }
}
