/// The stored facts of one learner's tries at one question, from which every score is computed.
///
/// Only the tries up to the first correct one can set the final score (later tries have at least as many
/// wrong tries before them and score at most 1), and of those only the ones that beat every earlier score:
/// `steps` keeps exactly these, plus the first correct try, so a changed penalty recomputes exactly.
public struct QuestionTries: Sendable, Equatable {
    /// A try that may set the final score: its 1-based number (wrong tries before it: `number - 1`) and score.
    public struct Step: Sendable, Equatable {
        public var number: Int
        public var score: Double

        public init(number: Int, score: Double) {
            self.number = number
            self.score = score
        }
    }

    public var firstScore: Double
    public var bestScore: Double
    public var attempts: Int
    /// The 1-based number of the first correct try.
    public var firstCorrectTry: Int?
    public var firstCorrectAt: Int64?
    public var revealedAt: Int64?
    public var steps: [Step]

    public init(
        firstScore: Double = 0, bestScore: Double = 0, attempts: Int = 0, firstCorrectTry: Int? = nil,
        firstCorrectAt: Int64? = nil, revealedAt: Int64? = nil, steps: [Step] = []
    ) {
        self.firstScore = firstScore
        self.bestScore = bestScore
        self.attempts = attempts
        self.firstCorrectTry = firstCorrectTry
        self.firstCorrectAt = firstCorrectAt
        self.revealedAt = revealedAt
        self.steps = steps
    }

    /// The facts of a sequence of tries `(score, correct)`, oldest first, at times 1, 2, 3….
    public init(tries: [(score: Double, correct: Bool)]) {
        self.init()
        for (index, item) in tries.enumerated() {
            add(score: item.score, correct: item.correct, at: Int64(index + 1))
        }
    }

    /// Adds a graded try.
    public mutating func add(score: Double, correct: Bool, at time: Int64) {
        attempts += 1
        if attempts == 1 { firstScore = score }
        bestScore = max(bestScore, score)
        guard firstCorrectTry == nil else { return }
        if correct || score > (steps.map(\.score).max() ?? -1) {
            steps.append(Step(number: attempts, score: score))
        }
        if correct {
            firstCorrectTry = attempts
            firstCorrectAt = time
        }
    }

    /// Records that the learner asked for the answer; the first request counts.
    public mutating func reveal(at time: Int64) {
        if revealedAt == nil { revealedAt = time }
    }

    /// The answer was shown before any correct try (or in the same instant): the question earns nothing.
    public var revealedBeforeCorrect: Bool {
        guard let revealedAt else { return false }
        guard let firstCorrectAt else { return true }
        return revealedAt <= firstCorrectAt
    }

    /// The score of the first correct try, before any penalty.
    public var firstCorrectScore: Double? {
        firstCorrectTry.flatMap { number in steps.last { $0.number == number }?.score }
    }

    /// The best over tries of (that try's score − penalty × wrong tries before it), floored at 0;
    /// 0 when the answer was revealed before the first correct try.
    public func score(penalty: Double) -> Double {
        guard !revealedBeforeCorrect else { return 0 }
        let best = steps.map { $0.score - penalty * Double($0.number - 1) }.max() ?? 0
        return max(0, (best * 1000).rounded() / 1000)
    }

    /// `steps` as stored: `number:score` pairs separated by `;`.
    public var encodedSteps: String {
        steps.map { "\($0.number):\($0.score)" }.joined(separator: ";")
    }

    /// Parses `encodedSteps`; malformed pairs are skipped.
    public static func steps(decoding text: String) -> [Step] {
        text.split(separator: ";").compactMap { pair in
            let parts = pair.split(separator: ":")
            guard parts.count == 2, let number = Int(parts[0]), let score = Double(parts[1]) else { return nil }
            return Step(number: number, score: score)
        }
    }
}
