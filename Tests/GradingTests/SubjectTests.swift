import Testing

@testable import Grading

/// Claims about the other screen or column (lexicon `subjects`): right about the subject matter, wrong about what
/// it is said of.
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

    /// A "which one" answer that names the question's side beside another one chooses neither; negating the
    /// other one, or naming it in another clause, still chooses.
    @Test(arguments: [
        ("it", "quella di dettaglio e quella laterale", Verdict.incorrect),
        ("it", "la colonna di dettaglio e la colonna del contenuto", .incorrect),
        ("it", "quella di dettaglio, non quella laterale", .correct),
        ("it", "la colonna di dettaglio. La barra laterale resta com'è", .correct),
        ("es", "la columna de detalle y la barra lateral", .incorrect),
        ("es", "la columna de detalle, no la barra lateral", .correct),
        ("tr", "ayrıntı sütunu ve içerik sütunu", .incorrect),
        ("ja", "詳細列とサイドバー", .incorrect),
        ("zh-Hant", "詳情列和側欄", .incorrect),
        ("zh-Hant", "詳情列", .correct),
    ])
    func aSecondChoiceBesideTheRightOneChoosesNeither(language: String, answer: String, expected: Verdict) throws {
        let grade = try TestContent.grader().grade(questionID: "ch5-q2", language: language, answer: answer)
        #expect(grade.verdict == expected, "\(language): \(answer) → \(grade.feedback)")
    }

    @Test func theReferenceNamesTheQuestionsSide() throws {
        let book = try TestContent.book()
        let pack = try #require(book.packs["it"])
        let scanner = EvidenceScanner(normalizer: pack.normalizer, lexicon: pack.lexicon)
        #expect(scanner.subjectSides(of: "Sullo schermo interno, la toolbar è verticale.") == [0, nil, nil])
        #expect(scanner.subjectSides(of: "Sullo schermo esterno non si può.") == [1, nil, nil])
        #expect(scanner.subjectSides(of: "Lo schermo interno e lo schermo esterno.") == [nil, nil, nil])
        #expect(scanner.subjectSides(of: "Solo la barra della colonna di dettaglio.") == [nil, 0, nil])
        #expect(scanner.subjectSides(of: "Il bordo esterno dell'app.") == [nil, nil, nil])
        #expect(scanner.subjectSides(of: "I simboli nuovi non esistono sui sistemi vecchi.") == [nil, nil, 0])
        #expect(scanner.subjectSides(of: "Le size class esistono già.") == [nil, nil, 1])
    }
}
