import Course
import Foundation
import Testing

@testable import Grading

/// Answers that speak to other questions: the course's own appendix answers pasted across questions, in every
/// language. Figures are printed for the report; the bar is the issue's (at most 2% graded correct).
@Suite struct OffTopicTests {
    /// Share of `answers` the grader calls correct for `question`.
    private static func correctCount(_ grader: Grader, _ question: String, _ language: String, _ answers: [String])
        throws -> Int
    {
        try answers.reduce(0) { count, answer in
            let grade = try grader.grade(questionID: question, language: language, answer: answer)
            return count + (grade.verdict == .correct ? 1 : 0)
        }
    }

    private static func paragraphs(_ course: LanguageCourse) -> [(section: String, text: String)] {
        course.chapters.map { ("ch\($0.number)", $0.answer.text) } + [("practice", course.practice.answer.text)]
    }

    private static func section(of id: String) -> String {
        String(id.split(separator: "-").first ?? "")
    }

    @Test(arguments: TestContent.languages)
    func anotherChaptersAnswerPastedIsAlmostNeverCorrect(language: String) throws {
        let grader = try TestContent.grader()
        let course = try #require(try TestContent.library().course(language))
        var correct = 0
        var total = 0
        for question in course.questions {
            let others = Self.paragraphs(course).filter { $0.section != Self.section(of: question.id) }.map(\.text)
            correct += try Self.correctCount(grader, question.id, language, others)
            total += others.count
        }
        let share = Double(correct) / Double(total)
        print(
            "pasted other chapter graded correct \(language): \(correct)/\(total) = \(String(format: "%.1f", share * 100))%"
        )
        #expect(share <= 0.02, "\(language): \(correct)/\(total)")
    }

    /// The question's own reference sentence followed by another chapter's whole answer paragraph.
    @Test(arguments: TestContent.languages)
    func theRightClaimAmongAnotherChaptersAnswerIsRarelyCorrect(language: String) throws {
        let grader = try TestContent.grader()
        let book = try TestContent.book()
        let course = try #require(try TestContent.library().course(language))
        var correct = 0
        var total = 0
        for question in course.questions {
            let own = try #require(book.reference(questionID: question.id, language: language))
            let others = Self.paragraphs(course).filter { $0.section != Self.section(of: question.id) }
            let answers = others.map { own + "\n" + $0.text }
            correct += try Self.correctCount(grader, question.id, language, answers)
            total += answers.count
        }
        let share = Double(correct) / Double(total)
        print(
            "own reference + other chapter graded correct \(language): \(correct)/\(total) = \(String(format: "%.1f", share * 100))%"
        )
        #expect(share <= 0.05, "\(language): \(correct)/\(total)")
    }

    @Test(arguments: TestContent.languages)
    func wholeAppendixPastedIsAlmostNeverCorrect(language: String) throws {
        let grader = try TestContent.grader()
        let course = try #require(try TestContent.library().course(language))
        let appendix = Self.paragraphs(course).map(\.text).joined(separator: "\n")
        let correct = try course.questions.reduce(0) { count, question in
            count + (try Self.correctCount(grader, question.id, language, [appendix]))
        }
        print("whole appendix graded correct \(language): \(correct)/\(course.questions.count)")
        #expect(Double(correct) / Double(course.questions.count) <= 0.02, "\(language): \(correct)")
    }

    @Test(arguments: TestContent.languages)
    func ownReferenceIsCorrectAndNotOffTopic(language: String) throws {
        let grader = try TestContent.grader()
        let book = try TestContent.book()
        for id in book.questionIDs {
            let reference = try #require(book.reference(questionID: id, language: language), "\(language) \(id)")
            let grade = try grader.grade(questionID: id, language: language, answer: reference)
            #expect(grade.verdict == .correct, "\(language) \(id): \(reference) → \(grade.feedback)")
        }
    }

    /// The right claim among other chapters' answers is not a correct answer.
    @Test func offTopicGradeSaysSoInTheLearnersLanguage() throws {
        let grader = try TestContent.grader()
        let course = try #require(try TestContent.library().course("it"))
        let pasted = try [4, 7, 9].map { try #require(course.chapter($0)).answer.text }.joined(separator: " ")
        let alone = try grader.grade(questionID: "ch0-q1", language: "it", answer: "In alto e in basso.")
        #expect(alone.verdict == .correct)
        let grade = try grader.grade(questionID: "ch0-q1", language: "it", answer: "In alto e in basso. " + pasted)
        #expect(grade.verdict == .incorrect)
        #expect(grade.reason == .offTopic)
        #expect(grade.feedback.hasPrefix("Questa risposta parla d'altro"))
    }

    /// A short right answer that adds a location word other questions' keys share ("a destra", "右側") and one
    /// phrase of another question is still about this question: only words distinctive of the other question
    /// can outweigh this one's.
    @Test(arguments: [
        ("it", "verticale, a destra sul bordo esterno"),
        ("es", "vertical, a la derecha en el borde exterior"),
        ("tr", "dikey, sağda dış kenarda"),
        ("zh-Hant", "垂直，在右側外側"),
        ("ja", "垂直で、右側の外側にある"),
    ])
    func sharedLocationWordsDoNotMakeAShortAnswerOffTopic(language: String, answer: String) throws {
        let grade = try TestContent.grader().grade(questionID: "ch6-q1", language: language, answer: answer)
        #expect(grade.verdict == .correct, "\(language): \(grade.feedback)")
        #expect(grade.reason != .offTopic)
    }
}
