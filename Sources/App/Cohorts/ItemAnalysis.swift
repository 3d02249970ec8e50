/// Item analysis for course authors: per question and language, how hard it is, how well it separates
/// learners who know the course from those who do not, which wrong answers are common, and whether one
/// language's version looks broken.
///
/// Pure: learner facts and wrong-answer counts in, items out, under the scoring policy in force.
struct ItemAnalysis: Sendable {
    /// One question in one language.
    struct Item: Sendable, Equatable {
        var question: String
        var language: String
        /// Tries by these learners.
        var attempts: Int
        /// Learners with a try or a reveal.
        var learners: Int
        /// The mean final score (retry penalty applied, 0 after an early reveal), 0…1.
        var facility: Double
        /// The mean score of the first tries, 0…1.
        var firstTryFacility: Double
        /// The Pearson (point-biserial for pass/fail-like scores) correlation between the question's final
        /// score and the rest of each learner's total; `nil` for fewer than two learners or no variation.
        var discrimination: Double?
        /// The most frequent wrong answers, normalised, most frequent first.
        var commonWrong: [(answer: String, count: Int)]
        var flag: Flag?

        static func == (lhs: Item, rhs: Item) -> Bool {
            lhs.question == rhs.question && lhs.language == rhs.language && lhs.attempts == rhs.attempts
                && lhs.learners == rhs.learners && lhs.facility == rhs.facility
                && lhs.firstTryFacility == rhs.firstTryFacility && lhs.discrimination == rhs.discrimination
                && lhs.commonWrong.map(\.answer) == rhs.commonWrong.map(\.answer)
                && lhs.commonWrong.map(\.count) == rhs.commonWrong.map(\.count) && lhs.flag == rhs.flag
        }
    }

    enum Flag: String, Sendable {
        /// Facility in this language is at least `languageGapThreshold` below the other languages' pooled
        /// facility on the same question, with at least `languageGapMinimumLearners` learners on each side:
        /// a likely translation or answer-key problem.
        case languageGap = "language_gap"
    }

    static let languageGapThreshold = 0.3
    static let languageGapMinimumLearners = 3
    /// Wrong answers listed per item.
    static let commonWrongLimit = 3
    /// Characters kept of a listed wrong answer.
    static let answerLength = 120

    let items: [Item]

    /// Analyses `facts` (every language, so the language-gap flag compares against all of them) and lists
    /// the items of `language` (all when `nil`) in `questionOrder`, then any questions no longer in the course.
    init(
        facts: [ItemFact], wrongAnswers: [WrongAnswerCount], policy: ScoringPolicy, questionOrder: [String],
        language: String? = nil
    ) {
        var totals: [Int64: Double] = [:]
        var groups: [Key: [(learner: Int64, tries: QuestionTries, score: Double)]] = [:]
        for fact in facts {
            let score = policy.score(fact.tries)
            totals[fact.learnerID, default: 0] += score
            groups[Key(question: fact.questionID, language: fact.language), default: []].append(
                (fact.learnerID, fact.tries, score))
        }
        var wrong: [Key: [String: Int]] = [:]
        for answer in wrongAnswers {
            let text = Self.normalised(answer.answer)
            guard !text.isEmpty else { continue }
            wrong[Key(question: answer.questionID, language: answer.language), default: [:]][text, default: 0] +=
                answer.count
        }
        let position = Dictionary(questionOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var items: [Item] = []
        for (key, rows) in groups where language == nil || key.language == language {
            let scores = rows.map(\.score)
            let others = groups.filter { $0.key.question == key.question && $0.key.language != key.language }
                .flatMap(\.value).map(\.score)
            let facility = Self.mean(scores)
            var flag: Flag?
            if scores.count >= Self.languageGapMinimumLearners, others.count >= Self.languageGapMinimumLearners,
                facility <= Self.mean(others) - Self.languageGapThreshold
            {
                flag = .languageGap
            }
            let common = (wrong[key] ?? [:]).sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .prefix(Self.commonWrongLimit).map { (answer: $0.key, count: $0.value) }
            items.append(
                Item(
                    question: key.question, language: key.language, attempts: rows.reduce(0) { $0 + $1.tries.attempts },
                    learners: rows.count, facility: facility, firstTryFacility: Self.mean(rows.map(\.tries.firstScore)),
                    discrimination: Self.correlation(rows.map { ($0.score, (totals[$0.learner] ?? 0) - $0.score) }),
                    commonWrong: common, flag: flag))
        }
        self.items = items.sorted { lhs, rhs in
            let left = position[lhs.question] ?? Int.max
            let right = position[rhs.question] ?? Int.max
            if left != right { return left < right }
            if lhs.question != rhs.question { return lhs.question < rhs.question }
            return lhs.language < rhs.language
        }
    }

    private struct Key: Hashable {
        var question: String
        var language: String
    }

    static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    /// Pearson's r of the pairs, rounded to three decimals; `nil` for fewer than two pairs or a constant side.
    static func correlation(_ pairs: [(Double, Double)]) -> Double? {
        guard pairs.count >= 2 else { return nil }
        let meanX = mean(pairs.map(\.0))
        let meanY = mean(pairs.map(\.1))
        var covariance = 0.0
        var varianceX = 0.0
        var varianceY = 0.0
        for (x, y) in pairs {
            covariance += (x - meanX) * (y - meanY)
            varianceX += (x - meanX) * (x - meanX)
            varianceY += (y - meanY) * (y - meanY)
        }
        guard varianceX > 1e-12, varianceY > 1e-12 else { return nil }
        return (covariance / (varianceX * varianceY).squareRoot() * 1000).rounded() / 1000
    }

    /// Lower case, white space collapsed, trailing full stops and spaces dropped, at most `answerLength`
    /// characters: answers that differ only in these count as one.
    static func normalised(_ answer: String) -> String {
        let words = answer.lowercased().split(whereSeparator: { $0.isWhitespace })
        var text = words.joined(separator: " ")
        while let last = text.last, last == "." || last == "!" || last == "。" || last == " " { text.removeLast() }
        return String(text.prefix(answerLength))
    }
}
