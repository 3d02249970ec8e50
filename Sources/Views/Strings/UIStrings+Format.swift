/// Filling `{name}` placeholders, and the formatted strings the pages use.
extension UIStrings {
    /// `template` with each `{name}` replaced by its value; unknown placeholders stay as written.
    static func fill(_ template: String, _ values: KeyValuePairs<String, String>) -> String {
        var result = template
        for (name, value) in values {
            result = result.replacingOccurrences(of: "{" + name + "}", with: value)
        }
        return result
    }

    /// "Capitolo 3", "第 3 章".
    func chapterLabel(_ number: Int) -> String {
        Self.fill(chapterLabel, ["number": String(number)])
    }

    /// A 0…1 value as a percentage in this language's convention ("75%", "75 %", "%75").
    func percent(_ fraction: Double) -> String {
        let clamped = min(max(fraction, 0), 1)
        return Self.fill(percent, ["value": String(Int((clamped * 100).rounded()))])
    }

    func questionLabel(_ number: Int) -> String {
        Self.fill(questionLabel, ["number": String(number)])
    }

    func verdict(_ verdict: AttemptVerdict) -> String {
        switch verdict {
        case .correct: return verdictCorrect
        case .partial: return verdictPartial
        case .incorrect: return verdictIncorrect
        }
    }

    func scoreLine(_ score: Double) -> String {
        Self.fill(self.score, ["percent": percent(score)])
    }

    func questionsPassed(_ passed: Int, of total: Int) -> String {
        Self.fill(markQuestions, ["passed": String(passed), "total": String(total)])
    }

    /// Placeholders each template must contain; a test checks every language's file against it.
    static var requiredPlaceholders: [KeyPath<UIStrings, String>: [String]] {
        [
            \.chapterLabel: ["number"],
            \.percent: ["value"],
            \.questionLabel: ["number"],
            \.score: ["percent"],
            \.markQuestions: ["passed", "total"],
            \.searchResultsFor: ["query"],
            \.searchResultCount: ["count"],
            \.searchNoResults: ["query"],
            \.searchResultRange: ["from", "to", "count"],
            \.resumeIntro: ["minutes"],
            \.resumeQRLabel: ["code"],
            \.progressOverall: ["percent"],
            \.progressSummary: ["read", "passed", "total"],
            \.attemptChoice: ["choice"],
            \.joinTitle: ["cohort"],
            \.chapterAnswersHidden: ["number"],
        ]
    }
}
