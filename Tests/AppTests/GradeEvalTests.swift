import Foundation
import Testing

@testable import App

/// `folio grade-eval`'s parts as pure values: the JSON Lines format, the metrics and the command line.
@Suite struct GradeEvalTests {
    @Test func labelledLinesParseWithTheirLocationAndBlankLinesAreSkipped() {
        let text = """
            {"language":"it","question":"ch0-q1","answer":"in alto e in basso","expect":"correct","note":"n"}

            {"language":"ja","question":"ch8-q1","answer":"","choice":"overlay","expect":"partial"}
            {"language":"es","question":"ch1-q2","answer":"el degradado","choice":null,"expect":"incorrect"}
            """
        let parsed = EvaluationSet.parse(text, file: "set.jsonl")
        #expect(parsed.errors.isEmpty)
        #expect(
            parsed.items == [
                EvaluationItem(
                    file: "set.jsonl", line: 1, language: "it", question: "ch0-q1", answer: "in alto e in basso",
                    expect: .correct),
                EvaluationItem(
                    file: "set.jsonl", line: 3, language: "ja", question: "ch8-q1", answer: "", choice: "overlay",
                    expect: .partial),
                EvaluationItem(
                    file: "set.jsonl", line: 4, language: "es", question: "ch1-q2", answer: "el degradado",
                    expect: .incorrect),
            ])
        #expect(parsed.items[1].location == "set.jsonl:3")
    }

    @Test func everyMalformedLineIsReportedAsFileColonLine() {
        let lines = [
            #"{"language":"it","question":"ch0-q1","answer":"x","expect":"correct"}"#,
            #"not json"#,
            #"["language","it"]"#,
            #"{"question":"ch0-q1","answer":"x","expect":"correct"}"#,
            #"{"language":"it","question":"ch0-q1","answer":"x","expect":"right"}"#,
            #"{"language":"it","question":"ch0-q1","answer":42,"expect":"correct"}"#,
            #"{"language":"it","question":"ch0-q1","answer":"  ","expect":"correct"}"#,
            #"{"language":"","question":"ch0-q1","answer":"x","expect":"correct"}"#,
        ]
        let parsed = EvaluationSet.parse(lines.joined(separator: "\n"), file: "bad.jsonl")
        #expect(parsed.items.count == 1)
        #expect(
            parsed.errors.map(\.description) == [
                "bad.jsonl:2: not valid JSON",
                "bad.jsonl:3: not a JSON object",
                #"bad.jsonl:4: missing "language""#,
                #"bad.jsonl:5: "expect" is "right", not correct, partial or incorrect"#,
                #"bad.jsonl:6: "answer" is not a string"#,
                #"bad.jsonl:7: neither an "answer" nor a "choice""#,
                #"bad.jsonl:8: "language" is not a non-empty string"#,
            ])
    }

    @Test func theConfusionMatrixCountsExpectedAgainstGot() {
        var matrix = ConfusionMatrix()
        let pairs: [(EvaluationVerdict, EvaluationVerdict)] = [
            (.correct, .correct), (.correct, .correct), (.correct, .partial),
            (.partial, .partial), (.partial, .correct),
            (.incorrect, .incorrect), (.incorrect, .incorrect), (.incorrect, .incorrect), (.incorrect, .correct),
            (.incorrect, .partial),
        ]
        for (expected, got) in pairs { matrix.record(expected: expected, got: got) }
        #expect(matrix.count(expected: .correct, got: .correct) == 2)
        #expect(matrix.count(expected: .correct, got: .partial) == 1)
        #expect(matrix.count(expected: .correct, got: .incorrect) == 0)
        #expect(matrix.count(expected: .incorrect, got: .correct) == 1)
        #expect(matrix.total(expected: .incorrect) == 5)
        #expect(matrix.total == 10)
        #expect(matrix.matches == 6)
        #expect(matrix.accuracy == 0.6)
        // Partial or incorrect graded correct: one of two partial, one of five incorrect.
        #expect(matrix.notCorrect == 7)
        #expect(matrix.falseCorrect == 2)
        #expect(matrix.falseCorrectRate == 2.0 / 7.0)
    }

    @Test func anEmptyMatrixHasNoRatesAndAllCorrectLabelsHaveNoFalseCorrectRate() {
        #expect(ConfusionMatrix().accuracy == nil)
        #expect(ConfusionMatrix().falseCorrectRate == nil)
        var onlyCorrect = ConfusionMatrix()
        onlyCorrect.record(expected: .correct, got: .incorrect)
        #expect(onlyCorrect.accuracy == 0)
        #expect(onlyCorrect.falseCorrectRate == nil)
    }

    @Test func metricsKeepOneMatrixPerLanguageInFirstSeenOrder() {
        func outcome(_ language: String, _ expect: EvaluationVerdict, _ got: EvaluationVerdict) -> EvaluationOutcome {
            EvaluationOutcome(
                item: EvaluationItem(
                    file: "f", line: 1, language: language, question: "ch0-q1", answer: "a", expect: expect),
                got: got)
        }
        let metrics = EvaluationMetrics([
            outcome("tr", .correct, .correct), outcome("it", .incorrect, .correct), outcome("tr", .partial, .partial),
            outcome("it", .incorrect, .incorrect),
        ])
        #expect(metrics.languages == ["tr", "it"])
        #expect(metrics.byLanguage["tr"]?.accuracy == 1)
        #expect(metrics.byLanguage["it"]?.accuracy == 0.5)
        #expect(metrics.byLanguage["it"]?.falseCorrectRate == 0.5)
        #expect(metrics.overall.total == 4)
        #expect(metrics.overall.accuracy == 0.75)
        #expect(metrics.overall.falseCorrectRate == 1.0 / 3.0)
        let report = EvaluationReport.render(metrics, files: 1, skipped: 0, contentDirectory: "C")
        #expect(report.contains("accuracy: 75.0% (3/4)"))
        #expect(report.contains("false-correct rate: 33.3% (1/3)"))
        #expect(EvaluationReport.renderMisses([outcome("it", .incorrect, .correct)]).contains("f:1: it ch0-q1"))
    }

    @Test func theCommandLineTakesFilesContentMissesAndAMinimumAccuracy() throws {
        let parser = CommandLineParser(environment: ["FOLIO_CONTENT": "/srv/content"])
        #expect(
            try parser.parse(["grade-eval", "a.jsonl", "b.jsonl"])
                == .gradeEval(GradeEvalOptions(files: ["a.jsonl", "b.jsonl"], contentDirectory: "/srv/content")))
        #expect(
            try parser.parse(["grade-eval", "--content", "C", "a.jsonl", "--show-misses", "--min-accuracy=96%"])
                == .gradeEval(
                    GradeEvalOptions(
                        files: ["a.jsonl"], contentDirectory: "C", showMisses: true, minimumAccuracy: 0.96)))
        #expect(
            try CommandLineParser(environment: [:]).parse(["grade-eval", "a.jsonl", "--min-accuracy", "0.5"])
                == .gradeEval(GradeEvalOptions(files: ["a.jsonl"], contentDirectory: "./Content", minimumAccuracy: 0.5))
        )
        for bad in [
            ["grade-eval"], ["grade-eval", "a.jsonl", "--min-accuracy", "96"],
            ["grade-eval", "a.jsonl", "--port", "1"],
            ["grade-eval", "a.jsonl", "--min-accuracy"], ["grade-eval", "a.jsonl", "--show-misses=yes"],
        ] {
            #expect(throws: UsageError.self, "\(bad)") { try parser.parse(bad) }
        }
    }
}
