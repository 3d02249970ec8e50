import Course
import Views

/// A learner's progress per section, derived from their per-question scores, reads and the current content.
///
/// Language-neutral: question ids and section names are the same in every language. A question's score and
/// pass follow the scoring policy (`ScoringPolicy`); a section is passed when all its questions are.
struct LearnerProgress: Sendable {
    /// One question's facts and its marks under the policy.
    struct QuestionResult: Sendable, Equatable {
        var firstScore: Double
        var bestScore: Double
        var score: Double
        var passed: Bool
        var attempts: Int
        var revealed: Bool
        /// When the question was passed (its first correct try, Unix ms); `nil` while not passed.
        var passedAt: Int64?
    }

    struct Section: Sendable {
        var name: String
        var section: CourseSection
        var read: Bool
        var questionsPassed: Int
        var questionsTotal: Int
        /// Mean of the final scores over the section's questions (unanswered count 0); nil before any attempt.
        var score: Double?
        /// Mean of the first tries' scores, likewise.
        var firstScore: Double?
        /// Mean of the best tries' scores (no penalty), likewise.
        var bestScore: Double?
        /// Tries over the section's questions.
        var attempts: Int
        /// Questions whose answer the learner asked to see.
        var revealed: Int
        var lastActivity: Int64?
        var bestScores: [String: Double]
        /// Per question id, the questions with an attempt or a reveal.
        var questions: [String: QuestionResult]

        var isPassed: Bool { questionsTotal > 0 && questionsPassed == questionsTotal }
    }

    var sections: [Section]
    /// Share of all questions passed, 0…1.
    var overall: Double
    /// The section of the most recent activity, for "continue where you left off".
    var lastSection: CourseSection?

    /// Combines stored records with the snapshot's sections (questions of removed sections are ignored).
    init(records: ProgressRecords, snapshot: ContentSnapshot, policy: ScoringPolicy) {
        let scores = Dictionary(records.scores.map { ($0.questionID, $0) }, uniquingKeysWith: { first, _ in first })
        var sections: [Section] = []
        var passedTotal = 0
        var questionTotal = 0
        var latest: (Int64, CourseSection)?
        guard let course = snapshot.languageCodes.first.flatMap(snapshot.language)?.course else {
            self.sections = []
            overall = 0
            return
        }
        var layout: [(String, CourseSection, [String])] = course.chapters.map {
            ("ch\($0.number)", .chapter($0.number), $0.questions.map(\.id))
        }
        layout.append(("practice", .practice, course.practice.questions.map(\.id)))
        layout.append(("appendix", .appendix, []))
        for (name, section, questionIDs) in layout {
            let own = questionIDs.compactMap { scores[$0] }
            var results: [String: QuestionResult] = [:]
            for score in own {
                results[score.questionID] = QuestionResult(
                    firstScore: score.tries.firstScore, bestScore: score.tries.bestScore,
                    score: policy.score(score.tries), passed: policy.passed(score.tries),
                    attempts: score.tries.attempts, revealed: score.tries.revealedAt != nil,
                    passedAt: policy.passed(score.tries) ? score.tries.firstCorrectAt : nil)
            }
            let passed = results.values.filter(\.passed).count
            let count = Double(max(questionIDs.count, 1))
            func mean(_ value: (QuestionResult) -> Double) -> Double? {
                own.isEmpty ? nil : results.values.map(value).reduce(0, +) / count
            }
            let opened = records.lastOpened[section]
            let lastAttempt = own.map(\.lastAttemptAt).max()
            let last = [opened, lastAttempt].compactMap { $0 }.max()
            if let last, latest.map({ last > $0.0 }) ?? true { latest = (last, section) }
            sections.append(
                Section(
                    name: name, section: section, read: opened != nil || !own.isEmpty, questionsPassed: passed,
                    questionsTotal: questionIDs.count,
                    score: mean(\.score), firstScore: mean(\.firstScore), bestScore: mean(\.bestScore),
                    attempts: results.values.reduce(0) { $0 + $1.attempts },
                    revealed: results.values.filter(\.revealed).count, lastActivity: last,
                    bestScores: results.mapValues(\.bestScore), questions: results))
            passedTotal += passed
            questionTotal += questionIDs.count
        }
        self.sections = sections
        overall = questionTotal == 0 ? 0 : Double(passedTotal) / Double(questionTotal)
        lastSection = latest?.1
    }

    /// The view model of the progress marks and the progress page.
    var sectionProgress: [CourseSection: SectionProgress] {
        Dictionary(
            sections.map {
                (
                    $0.section,
                    SectionProgress(
                        read: $0.read, questionsPassed: $0.questionsPassed,
                        questionsTotal: $0.questionsTotal, score: $0.score, firstScore: $0.firstScore)
                )
            }, uniquingKeysWith: { first, _ in first })
    }

    /// The questions answered or revealed, in course order, for the progress page.
    func questionProgress(in course: LanguageCourse) -> [QuestionProgress] {
        let results = Dictionary(
            sections.flatMap { section in section.questions.map { ($0.key, (section.section, $0.value)) } },
            uniquingKeysWith: { first, _ in first })
        let questions = course.chapters.flatMap(\.questions) + course.practice.questions
        return questions.compactMap { question in
            guard let (section, result) = results[question.id] else { return nil }
            return QuestionProgress(
                id: question.id, section: section, number: question.number, firstScore: result.firstScore,
                score: result.score, attempts: result.attempts, passed: result.passed, revealed: result.revealed)
        }
    }
}
