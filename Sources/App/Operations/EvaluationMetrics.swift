/// Counts of verdicts, expected (rows) against got (columns): the grader measured on labelled answers.
struct ConfusionMatrix: Sendable, Equatable {
    private var counts: [EvaluationVerdict: [EvaluationVerdict: Int]] = [:]

    init() {}

    /// Adds one graded answer.
    mutating func record(expected: EvaluationVerdict, got: EvaluationVerdict) {
        counts[expected, default: [:]][got, default: 0] += 1
    }

    /// How many answers labelled `expected` were graded `got`.
    func count(expected: EvaluationVerdict, got: EvaluationVerdict) -> Int {
        counts[expected]?[got] ?? 0
    }

    /// How many answers are labelled `expected`.
    func total(expected: EvaluationVerdict) -> Int {
        EvaluationVerdict.allCases.reduce(0) { $0 + count(expected: expected, got: $1) }
    }

    var total: Int { EvaluationVerdict.allCases.reduce(0) { $0 + total(expected: $1) } }

    /// Answers whose verdict matches the label.
    var matches: Int { EvaluationVerdict.allCases.reduce(0) { $0 + count(expected: $1, got: $1) } }

    /// Answers labelled partial or incorrect.
    var notCorrect: Int { total(expected: .partial) + total(expected: .incorrect) }

    /// Answers labelled partial or incorrect that were graded correct.
    var falseCorrect: Int {
        count(expected: .partial, got: .correct) + count(expected: .incorrect, got: .correct)
    }

    /// The share of verdicts that match the label; `nil` without answers.
    var accuracy: Double? { Self.ratio(matches, total) }

    /// The share of non-correct answers graded correct; `nil` when every answer is labelled correct.
    var falseCorrectRate: Double? { Self.ratio(falseCorrect, notCorrect) }

    static func ratio(_ part: Int, _ whole: Int) -> Double? {
        whole == 0 ? nil : Double(part) / Double(whole)
    }
}

/// One evaluation item with the grader's verdict.
struct EvaluationOutcome: Sendable, Equatable {
    let item: EvaluationItem
    let got: EvaluationVerdict

    init(item: EvaluationItem, got: EvaluationVerdict) {
        self.item = item
        self.got = got
    }

    var isMiss: Bool { item.expect != got }
}

/// The figures of a run of `folio grade-eval`: one confusion matrix overall and one per language.
struct EvaluationMetrics: Sendable, Equatable {
    private(set) var overall = ConfusionMatrix()
    /// Per-language matrices, keyed by language code.
    private(set) var byLanguage: [String: ConfusionMatrix] = [:]
    /// Language codes in the order they first appeared.
    private(set) var languages: [String] = []

    init(_ outcomes: [EvaluationOutcome] = []) {
        for outcome in outcomes { record(outcome) }
    }

    mutating func record(_ outcome: EvaluationOutcome) {
        let language = outcome.item.language
        if byLanguage[language] == nil { languages.append(language) }
        overall.record(expected: outcome.item.expect, got: outcome.got)
        byLanguage[language, default: ConfusionMatrix()].record(expected: outcome.item.expect, got: outcome.got)
    }
}
