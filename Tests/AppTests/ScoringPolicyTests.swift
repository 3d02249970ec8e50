import Foundation
import Testing

@testable import App

/// The scoring formula and the pass rule, pure: tries in, marks out.
struct ScoringPolicyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let tries: [(score: Double, correct: Bool)]
        let penalty: Double
        let score: Double
        let passed: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "no tries", tries: [], penalty: 0.333, score: 0, passed: false),
        Case(name: "correct first", tries: [(1, true)], penalty: 0.333, score: 1, passed: true),
        Case(name: "correct second", tries: [(0, false), (1, true)], penalty: 0.333, score: 0.667, passed: true),
        Case(
            name: "correct third", tries: [(0, false), (0, false), (1, true)], penalty: 0.333, score: 0.334,
            passed: false),
        Case(
            name: "copied after three wrong", tries: [(0, false), (0, false), (0, false), (1, true)], penalty: 0.333,
            score: 0.001, passed: false),
        Case(
            name: "floored at zero", tries: [(0, false), (0, false), (0, false), (0, false), (1, true)],
            penalty: 0.333, score: 0, passed: false),
        Case(
            name: "a partial first try can beat a late correct one", tries: [(0.8, false), (0, false), (1, true)],
            penalty: 0.333, score: 0.8, passed: true),
        Case(
            name: "tries after the first correct never count", tries: [(1, true), (0, false), (1, true)],
            penalty: 0.333, score: 1, passed: true),
        Case(
            name: "no penalty: the old rule", tries: [(0, false), (0, false), (0, false), (1, true)], penalty: 0,
            score: 1, passed: true),
        Case(
            name: "full penalty", tries: [(0.5, false), (1, true)], penalty: 1, score: 0.5, passed: true),
        Case(
            name: "a correct answer below 0.5 still passes first time", tries: [(0.4, true)], penalty: 0.333,
            score: 0.4, passed: true),
        Case(name: "partial only", tries: [(0.6, false), (0.7, false)], penalty: 0.333, score: 0.6, passed: false),
    ]

    @Test(arguments: cases)
    func theFinalScoreIsTheBestPenalisedTry(_ item: Case) {
        let tries = QuestionTries(tries: item.tries)
        let policy = ScoringPolicy(retryPenalty: item.penalty)
        #expect(abs(policy.score(tries) - item.score) < 1e-9, "\(item.name): \(policy.score(tries))")
        #expect(policy.passed(tries) == item.passed, "\(item.name)")
        #expect(tries.attempts == item.tries.count)
        #expect(tries.firstScore == (item.tries.first?.score ?? 0))
        #expect(tries.bestScore == (item.tries.map(\.score).max() ?? 0))
    }

    @Test func aRevealBeforeTheFirstCorrectTryEarnsNothing() {
        var tries = QuestionTries()
        tries.add(score: 0, correct: false, at: 10)
        tries.reveal(at: 20)
        tries.add(score: 1, correct: true, at: 30)
        #expect(tries.revealedBeforeCorrect)
        #expect(ScoringPolicy().score(tries) == 0)
        #expect(!ScoringPolicy().passed(tries))
        tries.reveal(at: 40)
        #expect(tries.revealedAt == 20, "the first reveal counts")

        var earned = QuestionTries()
        earned.add(score: 1, correct: true, at: 10)
        earned.reveal(at: 20)
        #expect(!earned.revealedBeforeCorrect)
        #expect(ScoringPolicy().score(earned) == 1)
        #expect(ScoringPolicy().passed(earned))
    }

    @Test func storedStepsRecomputeTheSameScoreForAnyPenalty() {
        let tries = QuestionTries(tries: [(0.3, false), (0.2, false), (0.6, false), (1, true), (0, false)])
        let decoded = QuestionTries(
            firstScore: tries.firstScore, bestScore: tries.bestScore, attempts: tries.attempts,
            firstCorrectTry: tries.firstCorrectTry, firstCorrectAt: tries.firstCorrectAt,
            steps: QuestionTries.steps(decoding: tries.encodedSteps))
        #expect(tries.steps.map(\.number) == [1, 3, 4], "only tries that beat every earlier one, and the correct one")
        for penalty in stride(from: 0.0, through: 1.0, by: 0.05) {
            let all = [(0.3, 0), (0.2, 1), (0.6, 2), (1.0, 3)].map { $0.0 - penalty * Double($0.1) }
            let expected = max(0, ((all.max() ?? 0) * 1000).rounded() / 1000)
            #expect(abs(decoded.score(penalty: penalty) - expected) < 1e-9, "penalty \(penalty)")
        }
        #expect(QuestionTries.steps(decoding: "1:0.5;junk;3:x;4:1.0").map(\.number) == [1, 4])
    }

    @Test func referencesAndChapterAnswersFollowThePolicy() {
        let wrong = QuestionTries(tries: [(0, false)])
        let exhausted = QuestionTries(tries: [(0, false), (0, false), (0, false)])
        let correct = QuestionTries(tries: [(1, true)])
        var revealed = QuestionTries()
        revealed.reveal(at: 1)
        let policy = ScoringPolicy()
        #expect(!policy.showsReference(nil))
        #expect(!policy.showsReference(wrong))
        #expect(policy.showsReference(exhausted))
        #expect(policy.showsReference(correct))
        #expect(policy.showsReference(revealed))
        #expect(ScoringPolicy(reveal: .immediately).showsReference(wrong))
        #expect(!ScoringPolicy(reveal: .never).showsReference(correct))
        #expect(ScoringPolicy(triesBeforeReveal: 1).showsReference(wrong))

        let ids = ["q1", "q2"]
        #expect(!policy.showsChapterAnswers(questionIDs: ids, tries: ["q1": correct]))
        #expect(!policy.showsChapterAnswers(questionIDs: ids, tries: ["q1": correct, "q2": wrong]))
        #expect(policy.showsChapterAnswers(questionIDs: ids, tries: ["q1": correct, "q2": revealed]))
        #expect(policy.showsChapterAnswers(questionIDs: ids, tries: ["q1": exhausted, "q2": correct]))
        #expect(ScoringPolicy(reveal: .immediately).showsChapterAnswers(questionIDs: ids, tries: [:]))
        #expect(!ScoringPolicy(reveal: .never).showsChapterAnswers(questionIDs: ids, tries: ["q1": correct]))
    }

    @Test func flagsAndEnvironmentSetThePolicyAndBadValuesAreUsageErrors() throws {
        guard case .serve(let defaults) = try CommandLineParser(environment: [:]).parse(["serve"]) else {
            Issue.record("not a serve command")
            return
        }
        #expect(defaults.scoring == ScoringPolicy(reveal: .afterTries, triesBeforeReveal: 3, retryPenalty: 0.333))
        let environment = [
            "FOLIO_REVEAL": "immediately", "FOLIO_TRIES_BEFORE_REVEAL": "5", "FOLIO_RETRY_PENALTY": "0.5",
        ]
        guard case .serve(let fromEnvironment) = try CommandLineParser(environment: environment).parse(["serve"])
        else {
            Issue.record("not a serve command")
            return
        }
        #expect(fromEnvironment.scoring == ScoringPolicy(reveal: .immediately, triesBeforeReveal: 5, retryPenalty: 0.5))
        guard
            case .serve(let fromFlags) = try CommandLineParser(environment: environment).parse([
                "serve", "--reveal", "never", "--tries-before-reveal=2", "--retry-penalty", "0",
            ])
        else {
            Issue.record("not a serve command")
            return
        }
        #expect(fromFlags.scoring == ScoringPolicy(reveal: .never, triesBeforeReveal: 2, retryPenalty: 0))
        let bad: [[String]] = [
            ["--reveal", "sometimes"], ["--reveal", "Immediately"], ["--tries-before-reveal", "-1"],
            ["--tries-before-reveal", "x"], ["--retry-penalty", "1.5"], ["--retry-penalty", "-0.1"],
            ["--retry-penalty", "nan"], ["--retry-penalty", "half"], ["--reveal"],
        ]
        for flags in bad {
            #expect(throws: UsageError.self, "\(flags)") {
                try CommandLineParser(environment: [:]).parse(["serve"] + flags)
            }
        }
        #expect(throws: UsageError.self) {
            try CommandLineParser(environment: ["FOLIO_RETRY_PENALTY": "2"]).parse(["serve"])
        }
        #expect(CommandLineParser.usage.contains("--reveal after-tries|immediately|never"))
        #expect(CommandLineParser.usage.contains("FOLIO_RETRY_PENALTY"))
    }
}
