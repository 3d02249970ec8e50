import Foundation
import Testing

@testable import Grading

/// Grades every learner answer QA wrote (`Fixtures/answers/`) and compares with QA's verdict.
@Suite struct FixtureTests {
    @Test func everyLanguageHasFixtures() {
        for language in TestContent.languages {
            #expect(LearnerAnswer.entries(language).count >= 41 * 4, "\(language)")
        }
    }

    @Test(arguments: LearnerAnswer.all)
    func gradesLikeQA(_ entry: LearnerAnswer) throws {
        let grade = try TestContent.grader().grade(
            questionID: entry.question, language: entry.language, answer: entry.answer, choice: entry.choice,
            reference: "")
        #expect(grade.verdict == entry.expected, "\(entry.note) → \(grade.feedback)")
    }

    /// Accuracy per language, printed for the report; a floor keeps regressions visible.
    @Test(arguments: TestContent.languages)
    func accuracy(language: String) throws {
        let grader = try TestContent.grader()
        let entries = LearnerAnswer.entries(language)
        try #require(!entries.isEmpty)
        var agreed = 0
        for entry in entries {
            let grade = try grader.grade(
                questionID: entry.question, language: language, answer: entry.answer, choice: entry.choice,
                reference: "")
            if grade.verdict == entry.expected { agreed += 1 }
        }
        let share = Double(agreed) / Double(entries.count)
        print("fixture accuracy \(language): \(agreed)/\(entries.count) = \(String(format: "%.1f", share * 100))%")
        #expect(share >= 0.95, "\(language): \(agreed)/\(entries.count)")
    }
}
