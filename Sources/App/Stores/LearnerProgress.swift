import Views

/// A learner's progress per section, derived from their per-question scores, reads and the current content.
///
/// Language-neutral: question ids and section names are the same in every language. A question is
/// passed when it has a correct attempt; a section is passed when all its questions are.
public struct LearnerProgress: Sendable {
    public struct Section: Sendable {
        public var name: String
        public var section: CourseSection
        public var read: Bool
        public var questionsPassed: Int
        public var questionsTotal: Int
        /// Mean of the best scores over the section's questions (unanswered count 0); nil before any attempt.
        public var score: Double?
        public var lastActivity: Int64?
        public var bestScores: [String: Double]

        public var isPassed: Bool { questionsTotal > 0 && questionsPassed == questionsTotal }
    }

    public var sections: [Section]
    /// Share of all questions passed, 0…1.
    public var overall: Double
    /// The section of the most recent activity, for "continue where you left off".
    public var lastSection: CourseSection?

    /// Combines stored records with the snapshot's sections (questions of removed sections are ignored).
    public init(records: ProgressRecords, snapshot: ContentSnapshot) {
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
            let passed = own.filter(\.passed).count
            let opened = records.lastOpened[name]
            let lastAttempt = own.map(\.lastAttemptAt).max()
            let last = [opened, lastAttempt].compactMap { $0 }.max()
            if let last, latest.map({ last > $0.0 }) ?? true { latest = (last, section) }
            sections.append(
                Section(
                    name: name, section: section, read: opened != nil || !own.isEmpty, questionsPassed: passed,
                    questionsTotal: questionIDs.count,
                    score: own.isEmpty ? nil : own.map(\.bestScore).reduce(0, +) / Double(max(questionIDs.count, 1)),
                    lastActivity: last,
                    bestScores: Dictionary(own.map { ($0.questionID, $0.bestScore) }, uniquingKeysWith: max)))
            passedTotal += passed
            questionTotal += questionIDs.count
        }
        self.sections = sections
        overall = questionTotal == 0 ? 0 : Double(passedTotal) / Double(questionTotal)
        lastSection = latest?.1
    }

    /// The view model of the progress marks and the progress page.
    public var sectionProgress: [CourseSection: SectionProgress] {
        Dictionary(
            sections.map {
                (
                    $0.section,
                    SectionProgress(
                        read: $0.read, questionsPassed: $0.questionsPassed,
                        questionsTotal: $0.questionsTotal, score: $0.score)
                )
            }, uniquingKeysWith: { first, _ in first })
    }
}
