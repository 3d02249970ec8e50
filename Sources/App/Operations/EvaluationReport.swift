import Foundation

/// The text `folio grade-eval` prints: accuracy overall and per language, the false-correct rate and the
/// confusion matrix; optionally the misses.
enum EvaluationReport {
    static func render(_ metrics: EvaluationMetrics, files: Int, skipped: Int, contentDirectory: String) -> String {
        let overall = metrics.overall
        var text = "grade-eval: \(overall.total) answers graded from \(files) file(s) against \(contentDirectory)"
        text += skipped > 0 ? " (\(skipped) line(s) left out, listed on standard error)\n" : "\n"
        text += "\naccuracy: \(figure(overall.matches, overall.total))\n"
        text += "false-correct rate: \(figure(overall.falseCorrect, overall.notCorrect))"
        text += " (partial or incorrect answers graded correct)\n"
        text += "\nper language:\n"
        let width = max(8, metrics.languages.map(\.count).max() ?? 0)
        for language in metrics.languages {
            let matrix = metrics.byLanguage[language] ?? ConfusionMatrix()
            text += "  " + language.padding(toLength: width, withPad: " ", startingAt: 0)
            text +=
                "  accuracy " + figure(matrix.matches, matrix.total).padding(toLength: 20, withPad: " ", startingAt: 0)
            text += "  false-correct " + figure(matrix.falseCorrect, matrix.notCorrect) + "\n"
        }
        text += "\nconfusion matrix (rows: expected, columns: got):\n"
        text += "  " + "expected".padding(toLength: 11, withPad: " ", startingAt: 0)
        text += EvaluationVerdict.allCases.map { pad($0.rawValue, 11) }.joined() + pad("total", 9) + "\n"
        for expected in EvaluationVerdict.allCases {
            text += "  " + expected.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
            text += EvaluationVerdict.allCases.map { pad("\(overall.count(expected: expected, got: $0))", 11) }.joined()
            text += pad("\(overall.total(expected: expected))", 9) + "\n"
        }
        return text
    }

    /// One line per answer whose verdict differs from its label.
    static func renderMisses(_ outcomes: [EvaluationOutcome]) -> String {
        let misses = outcomes.filter(\.isMiss)
        var text = "\nmisses (\(misses.count)):\n"
        for miss in misses {
            let item = miss.item
            var answer = item.answer.replacingOccurrences(of: "\n", with: " ")
            if answer.count > 100 { answer = String(answer.prefix(100)) + "…" }
            if let choice = item.choice { answer = "[\(choice)] " + answer }
            text += "  \(item.location): \(item.language) \(item.question) expected \(item.expect.rawValue), "
            text += "got \(miss.got.rawValue): \(answer)\n"
        }
        return text
    }

    /// `93.1% (135/145)`, or `n/a (0/0)` without answers.
    static func figure(_ part: Int, _ whole: Int) -> String {
        guard let ratio = ConfusionMatrix.ratio(part, whole) else { return "n/a (0/0)" }
        return "\(percent(ratio)) (\(part)/\(whole))"
    }

    static func percent(_ ratio: Double) -> String {
        String(format: "%.1f%%", ratio * 100)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(1, width - text.count)) + text
    }
}
