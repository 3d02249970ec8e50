import Testing

@testable import Grading

/// Self-corrections, idioms that only look negative, gapped phrases that would bind across another claim, and the
/// reason a grade gives, in all five languages.
@Suite struct GradingRulesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let language: String
        let question: String
        let answer: String
        let verdict: Verdict
        let rule: String
        var testDescription: String { "[\(language)] \(rule): \(answer)" }
    }

    static let corrections: [Case] = [
        Case(
            language: "it", question: "ch0-q1", answer: "In alto e in basso, anzi no, di lato", verdict: .incorrect,
            rule: "anzi no: the later wrong option wins"),
        Case(
            language: "it", question: "ch0-q1", answer: "Di lato, anzi no, in alto e in basso", verdict: .correct,
            rule: "anzi no: the later right option wins"),
        Case(
            language: "es", question: "ch0-q1", answer: "A los lados; mejor dicho, arriba y abajo", verdict: .correct,
            rule: "mejor dicho"),
        Case(
            language: "es", question: "ch0-q1", answer: "Arriba y abajo, en realidad a los lados", verdict: .incorrect,
            rule: "en realidad"),
        Case(
            language: "tr", question: "ch0-q1", answer: "Yanlarda, aslında üstte ve altta", verdict: .correct,
            rule: "aslında"),
        Case(
            language: "zh-Hant", question: "ch0-q1", answer: "在兩側，不對，在上下", verdict: .correct, rule: "不對"),
        Case(language: "ja", question: "ch0-q1", answer: "左右にある。いや、上下にある", verdict: .correct, rule: "いや"),
        Case(
            language: "it", question: "ch0-q3",
            answer: "Sì, diventa un'app per iPad. Anzi, no: è ancora un'app per iPhone",
            verdict: .correct, rule: "anzi before a bare no"),
    ]

    static let idioms: [Case] = [
        Case(
            language: "it", question: "ch8-q3", answer: "funziona senza intoppi", verdict: .incorrect,
            rule: "senza intoppi is not a negation"),
        Case(
            language: "it", question: "ch8-q3", answer: "scorre senza problemi", verdict: .incorrect,
            rule: "senza problemi is not a negation"),
        Case(
            language: "es", question: "ch8-q3", answer: "funciona sin problemas", verdict: .incorrect,
            rule: "sin problemas is not a negation"),
        Case(
            language: "tr", question: "ch8-q3", answer: "sorunsuz çalışır", verdict: .incorrect,
            rule: "sorunsuz is not a negation"),
        Case(
            language: "zh-Hant", question: "ch8-q3", answer: "沒問題，可以正常捲動", verdict: .incorrect,
            rule: "沒問題 is not a negation"),
        Case(
            language: "ja", question: "ch8-q3", answer: "問題なく動く", verdict: .incorrect,
            rule: "問題なく is not a negation"),
    ]

    static let binding: [Case] = [
        Case(
            language: "tr", question: "ch5-q3",
            answer:
                "Gezinme türündeki sayfa varsayılan olarak önce araç öğelerini taşmaya alır ve sekme çubuğunu korur.",
            verdict: .correct, rule: "önce … sekme* does not bind across the toolbar items"),
        Case(
            language: "tr", question: "ch8-q2", answer: "Arrangement gezinme tarafından sarılır, tersi yapılmaz.",
            verdict: .correct, rule: "the passive is not Arrangement wrapping the navigation"),
        Case(
            language: "it", question: "ch2-q3",
            answer: "I simboli nuovi non esistono sui sistemi vecchi, quindi vanno dentro #available.",
            verdict: .correct,
            rule: "a capital I is not Turkish"),
        Case(
            language: "it", question: "ch1-q1",
            answer: "Le frasi si stirano, ed etichette e interruttori restano separati dal vuoto", verdict: .correct,
            rule: "ch1-q1 asks where the problem lies: the remedy is not required"),
    ]

    /// Each of two subjects given the other's property is a contradiction.
    static let roles: [Case] = [
        Case(
            language: "it", question: "ch10-q2",
            answer:
                "Il nil di SwiftUI: l'interazione ha lasciato la gerarchia. Il nil di UIKit: il dispositivo non ha una cerniera.",
            verdict: .incorrect, rule: "swapped subjects"),
        Case(
            language: "it", question: "ch10-q2",
            answer:
                "Il nil di SwiftUI: il dispositivo non ha una cerniera. Il nil di UIKit: l'interazione ha lasciato la gerarchia.",
            verdict: .correct, rule: "each subject with its own property"),
        Case(
            language: "es", question: "ch10-q2",
            answer: "En SwiftUI, la interacción ha salido de la jerarquía; en UIKit, el dispositivo no tiene bisagra",
            verdict: .incorrect, rule: "swapped subjects"),
        Case(
            language: "zh-Hant", question: "ch10-q2", answer: "SwiftUI 的 nil 表示互動離開了層級，UIKit 的 nil 表示沒有鉸鏈",
            verdict: .incorrect, rule: "swapped subjects"),
    ]

    /// The other option named inside a condition is not chosen.
    static let conditions: [Case] = [
        Case(
            language: "it", question: "ch0-q1",
            answer: "In alto e in basso, e se fossero di lato coprirebbero il contenuto",
            verdict: .correct, rule: "se"),
        Case(
            language: "it", question: "ch0-q1",
            answer: "Di lato, e se fossero in alto e in basso coprirebbero il contenuto",
            verdict: .incorrect, rule: "se, the other way round"),
        Case(
            language: "es", question: "ch0-q1",
            answer: "Arriba y abajo, y si estuvieran a los lados taparían el contenido",
            verdict: .correct, rule: "si"),
        Case(
            language: "tr", question: "ch0-q1", answer: "Üstte ve altta, eğer yanlarda olsaydı içeriği kapatırdı",
            verdict: .correct, rule: "eğer"),
        Case(language: "zh-Hant", question: "ch0-q1", answer: "在上下，如果在側面會擋住內容", verdict: .correct, rule: "如果"),
        Case(language: "ja", question: "ch0-q1", answer: "上下にあって、横なら内容を隠してしまう", verdict: .correct, rule: "なら"),
    ]

    /// A question that asks for an explanation needs a claim: one word or a list of keywords is at most partial.
    static let keywords: [Case] = [
        Case(language: "it", question: "ch8-q3", answer: "metà", verdict: .partial, rule: "one word"),
        Case(language: "es", question: "ch8-q3", answer: "la mitad", verdict: .partial, rule: "one word"),
        Case(language: "zh-Hant", question: "ch8-q3", answer: "一半", verdict: .partial, rule: "one word"),
        Case(
            language: "it", question: "ch1-q1", answer: "stirato, vuoto, limitata", verdict: .partial,
            rule: "a list of the key's own words"),
        Case(
            language: "it", question: "ch8-q3", answer: "Uno dei due pezzi diventa irraggiungibile", verdict: .correct,
            rule: "a claim is still correct"),
        Case(
            language: "it", question: "ch9-q2", answer: "a destra", verdict: .correct,
            rule: "a question that asks where takes a short answer"),
    ]

    @Test func mentioningTheHingeAngleIsNotClaimingItDoesNotDecideTheLayout() throws {
        let book = try TestContent.book()
        let label = try #require(book.packs["it"]?.questions["practice-q3"]?.conceptLabels.last)
        let grade = try TestContent.grader().grade(
            questionID: "practice-q3", language: "it",
            answer:
                "Sfera e controlli sono il rapporto sopra-sotto dello stesso esercizio; l'angolo della cerniera conta")
        #expect(!grade.found.contains(label), "\(grade.found)")
        #expect(grade.verdict == .partial)
    }

    @Test(arguments: corrections + idioms + binding + keywords + conditions + roles)
    func grades(_ testCase: Case) throws {
        let grade = try TestContent.grader().grade(
            questionID: testCase.question, language: testCase.language, answer: testCase.answer)
        #expect(grade.verdict == testCase.verdict, "\(grade.feedback)")
    }

    static let reasons: [(question: String, answer: String, choice: String?, reason: GradeReason?)] = [
        ("ch0-q1", "in alto e in basso oppure di lato", nil, .ambiguous),
        ("ch0-q1", "in alto e in basso", "sides", .contradiction),
        ("ch7-q1", "division non è attiva", nil, .missingParts),
        ("ch0-q1", "in alto e in basso", nil, nil),
        ("ch0-q1", "di lato", nil, nil),
    ]

    @Test(arguments: reasons)
    func givesItsReason(_ question: String, _ answer: String, _ choice: String?, _ reason: GradeReason?) throws {
        let grade = try TestContent.grader().grade(questionID: question, language: "it", answer: answer, choice: choice)
        #expect(grade.reason == reason, "\(grade.verdict) \(grade.feedback)")
    }

    @Test func foundAndMissingNeverNameTheSameIdea() throws {
        let grade = try TestContent.grader().grade(questionID: "ch0-q3", language: "it", answer: "No")
        #expect(grade.verdict == .correct)
        for missing in grade.missing {
            #expect(!grade.found.contains { $0.localizedCaseInsensitiveContains(missing) }, "\(missing)")
        }
        #expect(grade.feedback == "Giusto.")
    }

    @Test func wrongPolarityFeedbackReadsAsATutorWouldSayIt() throws {
        let grade = try TestContent.grader().grade(questionID: "ch0-q3", language: "it", answer: "Sì")
        #expect(grade.verdict == .incorrect)
        #expect(grade.feedback == "È il contrario. La risposta giusta è «no: è ancora un'app per iPhone».")
    }
}
