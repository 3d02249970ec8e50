import Foundation

/// What `folio grade-eval` was asked to measure.
public struct GradeEvalOptions: Sendable, Equatable {
    /// Evaluation files (JSON Lines), in the order given.
    public var files: [String]
    public var contentDirectory: String
    /// List every answer whose verdict differs from its label.
    public var showMisses: Bool
    /// Exit 1 when the overall accuracy is below this fraction.
    public var minimumAccuracy: Double?

    public init(files: [String], contentDirectory: String, showMisses: Bool = false, minimumAccuracy: Double? = nil) {
        self.files = files
        self.contentDirectory = contentDirectory
        self.showMisses = showMisses
        self.minimumAccuracy = minimumAccuracy
    }
}

/// `folio grade-eval FILE…`: grades labelled answers with the real grader against a content directory and
/// reports accuracy, the confusion matrix and the false-correct rate.
///
/// It measures and does not gate: status 0 when it ran, 2 for an unreadable file or a malformed line,
/// 1 when the content does not load or `--min-accuracy` is not met.
public enum GradeEvalCommand {
    /// The report (standard output), the per-line diagnostics (standard error) and the exit status.
    public struct Run: Sendable {
        public let report: String
        public let diagnostics: [String]
        public let status: Int32
    }

    public static func run(_ options: GradeEvalOptions) -> Run {
        var items: [EvaluationItem] = []
        var problems: [String] = []
        for file in options.files {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                problems.append("\(file): cannot read: \(error.localizedDescription)")
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                problems.append("\(file): not UTF-8 text")
                continue
            }
            let parsed = EvaluationSet.parse(text, file: file)
            items += parsed.items
            problems += parsed.errors.map(\.description)
        }
        guard problems.isEmpty else { return Run(report: "", diagnostics: problems, status: 2) }
        let snapshot: ContentSnapshot
        do {
            snapshot = try ContentLoader.load(directory: options.contentDirectory)
        } catch {
            return Run(
                report: "", diagnostics: ["\(options.contentDirectory): the content does not load:\n\(error.report)"],
                status: 1)
        }
        var outcomes: [EvaluationOutcome] = []
        var skipped: [String] = []
        for item in items {
            switch grade(item, with: snapshot) {
            case .success(let got): outcomes.append(EvaluationOutcome(item: item, got: got))
            case .failure(let error): skipped.append(error.description)
            }
        }
        let metrics = EvaluationMetrics(outcomes)
        var report = EvaluationReport.render(
            metrics, files: options.files.count, skipped: skipped.count, contentDirectory: options.contentDirectory)
        if options.showMisses {
            report += EvaluationReport.renderMisses(outcomes)
        }
        var status: Int32 = 0
        if let minimum = options.minimumAccuracy {
            let accuracy = metrics.overall.accuracy ?? 0
            if accuracy < minimum {
                report += "\naccuracy \(EvaluationReport.percent(accuracy)) is below --min-accuracy "
                report += "\(EvaluationReport.percent(minimum))\n"
                status = 1
            }
        }
        return Run(report: report, diagnostics: skipped, status: status)
    }

    /// The grader's verdict for one item, or why it cannot be graded (reported per line, then left out).
    static func grade(_ item: EvaluationItem, with snapshot: ContentSnapshot) -> Result<
        EvaluationVerdict, EvaluationLineError
    > {
        func failure(_ message: String) -> Result<EvaluationVerdict, EvaluationLineError> {
            .failure(EvaluationLineError(file: item.file, line: item.line, message: message))
        }
        guard snapshot.language(item.language) != nil else {
            return failure("unknown language \"\(item.language)\"")
        }
        guard let (_, _, reference) = snapshot.question(item.question, in: item.language) else {
            return failure("unknown question \"\(item.question)\" in \(item.language)")
        }
        guard item.answer.utf8.count <= AttemptRoutes.maximumAnswerBytes else {
            return failure(
                "the answer is longer than \(AttemptRoutes.maximumAnswerBytes) bytes (the server refuses it)")
        }
        let hasAnswer = !item.answer.allSatisfy(\.isWhitespace)
        do {
            let grade = try snapshot.grader.grade(
                questionID: item.question, language: item.language, answer: hasAnswer ? item.answer : nil,
                choice: item.choice, reference: reference)
            guard let verdict = EvaluationVerdict(rawValue: grade.verdict.rawValue) else {
                return failure("the grader returned the unknown verdict \"\(grade.verdict.rawValue)\"")
            }
            return .success(verdict)
        } catch {
            return failure(error.message)
        }
    }
}
