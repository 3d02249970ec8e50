/// Counts of verdicts, expected (rows) against got (columns): the grader measured on labelled answers.
public struct ConfusionMatrix: Sendable, Equatable {
    private var counts: [EvaluationVerdict: [EvaluationVerdict: Int]] = [:]

    public init() {}

    /// Adds one graded answer.
    public mutating func record(expected: EvaluationVerdict, got: EvaluationVerdict) {
        counts[expected, default: [:]][got, default: 0] += 1
    }

    /// How many answers labelled `expected` were graded `got`.
    public func count(expected: EvaluationVerdict, got: EvaluationVerdict) -> Int {
        counts[expected]?[got] ?? 0
    }

    /// How many answers are labelled `expected`.
    public func total(expected: EvaluationVerdict) -> Int {
        EvaluationVerdict.allCases.reduce(0) { $0 + count(expected: expected, got: $1) }
    }

    public var total: Int { EvaluationVerdict.allCases.reduce(0) { $0 + total(expected: $1) } }

    /// Answers whose verdict matches the label.
    public var matches: Int { EvaluationVerdict.allCases.reduce(0) { $0 + count(expected: $1, got: $1) } }

    /// Answers labelled partial or incorrect.
    public var notCorrect: Int { total(expected: .partial) + total(expected: .incorrect) }

    /// Answers labelled partial or incorrect that were graded correct.
    public var falseCorrect: Int {
        count(expected: .partial, got: .correct) + count(expected: .incorrect, got: .correct)
    }

    /// The share of verdicts that match the label; `nil` without answers.
    public var accuracy: Double? { Self.ratio(matches, total) }

    /// The share of non-correct answers graded correct; `nil` when every answer is labelled correct.
    public var falseCorrectRate: Double? { Self.ratio(falseCorrect, notCorrect) }

    static func ratio(_ part: Int, _ whole: Int) -> Double? {
        whole == 0 ? nil : Double(part) / Double(whole)
    }
}

/// One evaluation item with the grader's verdict.
public struct EvaluationOutcome: Sendable, Equatable {
    public let item: EvaluationItem
    public let got: EvaluationVerdict

    public init(item: EvaluationItem, got: EvaluationVerdict) {
        self.item = item
        self.got = got
    }

    public var isMiss: Bool { item.expect != got }
}

/// The figures of a run of `folio grade-eval`: one confusion matrix overall and one per language.
public struct EvaluationMetrics: Sendable, Equatable {
    public private(set) var overall = ConfusionMatrix()
    /// Per-language matrices, keyed by language code.
    public private(set) var byLanguage: [String: ConfusionMatrix] = [:]
    /// Language codes in the order they first appeared.
    public private(set) var languages: [String] = []

    public init(_ outcomes: [EvaluationOutcome] = []) {
        for outcome in outcomes { record(outcome) }
    }

    public mutating func record(_ outcome: EvaluationOutcome) {
        let language = outcome.item.language
        if byLanguage[language] == nil { languages.append(language) }
        overall.record(expected: outcome.item.expect, got: outcome.got)
        byLanguage[language, default: ConfusionMatrix()].record(expected: outcome.item.expect, got: outcome.got)
    }
}
