import Testing

@testable import Grading

/// Wrong answers that used to pass as `correct`, written as learners write them in all five languages (none from
/// the fixtures or the locked set): a right yes/no justified by a reason the key does not know, a position taken
/// back in a later sentence, a right claim retracted for something the key cannot read, another subject's absence
/// given as the reason, the build side confused with the old system, and a chapter's appendix answer pasted whole.
/// Beside each rule, the right answer it must leave alone.
@Suite struct WrongAnswerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let language: String
        let question: String
        let answer: String
        let verdict: Verdict
        let rule: String
        var testDescription: String { "[\(language)] \(rule): \(answer)" }
    }

    static let reasons: [Case] = [
        Case(
            language: "it", question: "ch5-q1", answer: "No, perché la barra verticale non esiste.", verdict: .partial,
            rule: "a reason the key does not know"),
        Case(
            language: "it", question: "ch5-q1", answer: "No, perché serve un'icona.", verdict: .correct,
            rule: "the key's reason"),
        Case(
            language: "it", question: "ch3-q1", answer: "Sì, perché è uguale a iPad.", verdict: .partial,
            rule: "a reason that only mentions a `!` phrase asserts nothing"),
        Case(
            language: "es", question: "ch3-q2", answer: "No, porque la orientación nunca cambia.", verdict: .partial,
            rule: "porque"),
        Case(
            language: "tr", question: "ch5-q1", answer: "Hayır, çünkü dikey çubuk yoktur.", verdict: .partial,
            rule: "çünkü"),
        Case(
            language: "ja", question: "ch3-q2", answer: "いいえ、向きは変わらないから。", verdict: .partial,
            rule: "から closing the reason"),
        Case(
            language: "zh-Hant", question: "ch5-q1", answer: "不會，因為根本沒有垂直欄。", verdict: .partial, rule: "因為"),
        Case(language: "it", question: "ch5-q1", answer: "No, perché no.", verdict: .correct, rule: "no content"),
        Case(language: "it", question: "ch9-q3", answer: "No, perché è così.", verdict: .correct, rule: "no reasons"),
    ]

    static let corrections: [Case] = [
        Case(
            language: "it", question: "ch0-q1", answer: "In alto e in basso. No, di lato.", verdict: .incorrect,
            rule: "a bare no after a position"),
        Case(
            language: "it", question: "ch0-q1", answer: "Di lato. No, in alto e in basso.", verdict: .correct,
            rule: "a bare no after a position, the right one later"),
        Case(
            language: "it", question: "ch0-q1", answer: "In alto e in basso. Pensandoci meglio, di lato.",
            verdict: .incorrect, rule: "pensandoci meglio"),
        Case(
            language: "es", question: "ch6-q1", answer: "Vertical. Me equivoqué, es horizontal.", verdict: .incorrect,
            rule: "me equivoqué"),
        Case(
            language: "tr", question: "ch0-q1", answer: "Üstte ve altta. Hayır hayır, yanda.", verdict: .incorrect,
            rule: "hayır hayır"),
        Case(
            language: "ja", question: "ch8-q1", answer: "overlay。やっぱり split。", verdict: .incorrect, rule: "やっぱり"),
        Case(
            language: "zh-Hant", question: "ch6-q1", answer: "垂直。我說錯了，是水平。", verdict: .incorrect, rule: "我說錯了"),
        Case(
            language: "it", question: "ch0-q1", answer: "Stanno in alto e in basso. No, non di lato.",
            verdict: .correct,
            rule: "a bare no that confirms"),
    ]

    static let retractions: [Case] = [
        Case(
            language: "it", question: "ch2-q3",
            answer: "Perché i simboli nuovi non esistono su iOS 18, anzi no, è per la batteria.", verdict: .incorrect,
            rule: "retracted for something the key cannot read"),
        Case(
            language: "es", question: "ch11-q3",
            answer: "Porque el simulador no tiene cámara. Mejor dicho, es muy lento.",
            verdict: .incorrect, rule: "mejor dicho"),
        Case(
            language: "zh-Hant", question: "ch11-q3", answer: "模擬器沒有鏡頭。其實是因為太慢。", verdict: .incorrect,
            rule: "其實"),
        Case(
            language: "it", question: "ch2-q3", answer: "Crasherebbe, anzi no: i simboli nuovi non esistono su iOS 18.",
            verdict: .correct, rule: "retracted for the right claim"),
    ]

    static let binding: [Case] = [
        Case(
            language: "it", question: "ch2-q3", answer: "Perché le size class non esistono su iOS 18.",
            verdict: .incorrect, rule: "another subject is absent"),
        Case(
            language: "es", question: "ch2-q3", answer: "Porque en iOS 18 no hay barras verticales.",
            verdict: .incorrect, rule: "another subject is absent"),
        Case(
            language: "tr", question: "ch2-q3", answer: "Çünkü iOS 18'de menteşe yok.", verdict: .incorrect,
            rule: "another subject is absent"),
        Case(
            language: "zh-Hant", question: "ch2-q3", answer: "因為 iOS 18 沒有垂直欄。", verdict: .incorrect,
            rule: "another subject is absent"),
        Case(
            language: "it", question: "ch2-q3", answer: "Perché le API nuove non esistono su iOS 18.",
            verdict: .correct,
            rule: "the question's subject is absent"),
        Case(
            language: "es", question: "ch2-q3", answer: "Porque en iOS 18 no existen.", verdict: .correct,
            rule: "the subject left implicit"),
        Case(
            language: "it", question: "ch2-q3", answer: "Perché l'SDK 27.1 non le conosce.", verdict: .incorrect,
            rule: "the build SDK for the old system"),
        Case(
            language: "zh-Hant", question: "ch2-q3", answer: "因為編譯器不認識它們。", verdict: .incorrect,
            rule: "the compiler for the old system"),
        Case(
            language: "es", question: "ch2-q3", answer: "Porque los símbolos viejos no existen en el sistema nuevo.",
            verdict: .incorrect, rule: "old and new swapped"),
        Case(
            language: "ja", question: "ch2-q3", answer: "古いシンボルは新しいシステムに存在しないから。", verdict: .incorrect,
            rule: "old and new swapped"),
    ]

    static let roles: [Case] = [
        Case(
            language: "es", question: "ch10-q2",
            answer:
                "El nil de UIKit significa que el dispositivo no tiene bisagra y el de SwiftUI que la interacción salió "
                + "de la jerarquía.",
            verdict: .incorrect, rule: "both subjects in one clause, roles swapped"),
        Case(
            language: "es", question: "ch10-q2",
            answer:
                "El nil de SwiftUI significa que el dispositivo no tiene bisagra y el de UIKit que la interacción salió "
                + "de la jerarquía.",
            verdict: .correct, rule: "both subjects in one clause, each leading its claim"),
        Case(
            language: "tr", question: "ch10-q2",
            answer:
                "UIKit'teki nil cihazın menteşesi olmadığı anlamına gelir ve SwiftUI'deki nil etkileşimin hiyerarşiden "
                + "çıktığı anlamına gelir.",
            verdict: .incorrect, rule: "both subjects in one clause, roles swapped"),
        Case(
            language: "zh-Hant", question: "ch10-q2", answer: "UIKit 的 nil 表示裝置沒有鉸鏈而 SwiftUI 的 nil 表示互動離開了層級。",
            verdict: .incorrect, rule: "both subjects in one clause, roles swapped"),
    ]

    /// Failing to compile is the course's Mac Catalyst problem (`#if !targetEnvironment(macCatalyst)`), not why a
    /// 27.1 call needs `#available` on iOS 18.
    static let compiling: [Case] = [
        Case(
            language: "it", question: "ch2-q3", answer: "Perché altrimenti non compila.", verdict: .incorrect,
            rule: "it"),
        Case(language: "es", question: "ch2-q3", answer: "Porque no compila.", verdict: .incorrect, rule: "es"),
        Case(language: "tr", question: "ch2-q3", answer: "Çünkü derlenmez.", verdict: .incorrect, rule: "tr"),
        Case(language: "ja", question: "ch2-q3", answer: "コンパイルできないから。", verdict: .incorrect, rule: "ja"),
        Case(language: "zh-Hant", question: "ch2-q3", answer: "因為編譯不過。", verdict: .incorrect, rule: "zh-Hant"),
        Case(
            language: "it", question: "ch2-q3",
            answer: "I simboli nuovi non esistono su iOS 18: senza #available non compila e l'app andrebbe in crash.",
            verdict: .correct, rule: "beside the right claim"),
    ]

    /// The course's own anti-patterns as wrong statements: the container's bar said of the hand-made one, the
    /// screen's width instead of the container's, a new copy of the state.
    static let statements: [Case] = [
        Case(
            language: "it", question: "ch5-q4", answer: "Perché è fornita dal contenitore di navigazione.",
            verdict: .incorrect, rule: "the other polarity"),
        Case(
            language: "es", question: "ch5-q4", answer: "Porque la proporciona el contenedor de navegación.",
            verdict: .incorrect, rule: "the other polarity"),
        Case(
            language: "tr", question: "ch5-q4", answer: "Çünkü gezinme kabının sağladığı bir çubuktur.",
            verdict: .incorrect, rule: "the other polarity"),
        Case(
            language: "it", question: "ch5-q4",
            answer: "Perché non è una barra fornita dal contenitore di navigazione.",
            verdict: .correct, rule: "negated"),
        Case(
            language: "it", question: "ch4-q2", answer: "Dalla larghezza dello schermo diviso per tre.",
            verdict: .incorrect, rule: "the screen's width"),
        Case(language: "ja", question: "ch4-q2", answer: "画面の幅を3で割る。", verdict: .incorrect, rule: "the screen's width"),
        Case(
            language: "zh-Hant", question: "ch4-q2", answer: "螢幕寬度除以三。", verdict: .incorrect, rule: "the screen's width"
        ),
        Case(
            language: "it", question: "ch4-q2",
            answer:
                "Dalla larghezza del contenitore divisa per la larghezza minima di un elemento, non dalla larghezza "
                + "dello schermo.",
            verdict: .correct, rule: "the screen's width negated"),
        Case(
            language: "es", question: "ch9-q1", answer: "De una copia nueva del estado.", verdict: .incorrect,
            rule: "a new copy"),
        Case(
            language: "it", question: "ch9-q1", answer: "Dalla stessa copia di stato, non da una copia nuova.",
            verdict: .correct, rule: "a new copy negated"),
    ]

    static let pasted: [Case] = [
        Case(
            language: "it", question: "ch2-q2",
            answer:
                "Capitolo 2. La destinazione di deployment può restare iOS 18. Dopo la compilazione con l'SDK 27.1, la "
                + "barra verticale compare. Se intorno resta vuoto, cambia l'SDK di compilazione. Non rilevare il "
                + "modello per stirare il frame. I simboli nuovi non esistono sui sistemi vecchi, quindi vanno dentro "
                + "#available.",
            verdict: .incorrect, rule: "the chapter's appendix answer pasted whole"),
        Case(
            language: "it", question: "ch2-q2",
            answer: "Cambiare l'SDK di compilazione. Non rilevare il modello per stirare il frame: resterebbe vuoto.",
            verdict: .correct, rule: "two sentences about this question"),
    ]

    @Test(arguments: reasons + corrections + retractions + binding + roles + compiling + statements + pasted)
    func grades(_ testCase: Case) throws {
        let grade = try TestContent.grader().grade(
            questionID: testCase.question, language: testCase.language, answer: testCase.answer)
        #expect(grade.verdict == testCase.verdict, "\(grade.feedback)")
    }
}
