import Testing

@testable import Grading

/// Claims about the other screen (lexicon `subjects`): right about the subject matter, wrong about the device.
@Suite struct SubjectTests {
    @Test(arguments: [
        ("it", "ch6-q1", "sullo schermo esterno è verticale", Verdict.incorrect),
        ("it", "ch6-q1", "sullo schermo interno è verticale, su quello esterno orizzontale", .correct),
        ("it", "ch0-q1", "in alto e in basso, come sullo schermo esterno", .correct),
        ("it", "ch11-q1", "no, non puoi fissarla sullo schermo interno", .incorrect),
        ("it", "ch11-q1", "no, sullo schermo esterno non si può", .correct),
        ("es", "ch6-q1", "en la pantalla exterior es vertical", .incorrect),
        ("es", "ch6-q1", "en la pantalla interior es vertical", .correct),
        ("tr", "ch6-q1", "dış ekranda dikeydir", .incorrect),
        ("tr", "ch6-q1", "iç ekranda dikeydir", .correct),
        ("zh-Hant", "ch6-q1", "在外屏上是垂直的", .incorrect),
        ("zh-Hant", "ch6-q1", "在內屏上是垂直的", .correct),
        ("ja", "ch6-q1", "外側ディスプレイでは垂直", .incorrect),
        ("ja", "ch6-q1", "内側ディスプレイでは垂直", .correct),
    ])
    func aClaimAboutTheOtherScreenStatesNothingHere(
        language: String, question: String, answer: String, expected: Verdict
    ) throws {
        let grade = try TestContent.grader().grade(questionID: question, language: language, answer: answer)
        #expect(grade.verdict == expected, "\(language) \(question): \(answer) → \(grade.feedback)")
    }

    @Test func theReferenceNamesTheQuestionsSide() throws {
        let book = try TestContent.book()
        let pack = try #require(book.packs["it"])
        let scanner = EvidenceScanner(normalizer: pack.normalizer, lexicon: pack.lexicon)
        #expect(scanner.subjectSides(of: "Sullo schermo interno, la toolbar è verticale.") == [0])
        #expect(scanner.subjectSides(of: "Sullo schermo esterno non si può.") == [1])
        #expect(scanner.subjectSides(of: "Lo schermo interno e lo schermo esterno.") == [nil])
        #expect(scanner.subjectSides(of: "Il bordo esterno dell'app.") == [nil])
    }
}
