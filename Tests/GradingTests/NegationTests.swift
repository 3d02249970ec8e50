import Testing

@testable import Grading

/// Negation in all five languages, including answers whose correct form is itself negative.
@Suite struct NegationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let language: String
        let question: String
        let answer: String
        let verdict: Verdict
        let construction: String
        var testDescription: String { "[\(language)] \(construction): \(answer)" }
    }

    static let cases: [Case] = [
        Case(
            language: "it", question: "ch0-q3", answer: "No, è ancora un'app per iPhone", verdict: .correct,
            construction: "correct answer is a no"),
        Case(
            language: "it", question: "ch0-q3", answer: "Sì, diventa un'app per iPad", verdict: .incorrect,
            construction: "negated version of the answer"),
        Case(
            language: "it", question: "ch0-q3", answer: "Non diventa un'app per iPad", verdict: .correct,
            construction: "non before the predicate"),
        Case(
            language: "it", question: "ch5-q1", answer: "Non entra", verdict: .correct,
            construction: "bare negated verb"),
        Case(
            language: "it", question: "ch3-q3", answer: "gli inset sinistro e destro non sono uguali",
            verdict: .correct, construction: "negated opposite (!uguali)"),
        Case(
            language: "it", question: "ch3-q3", answer: "gli inset sono uguali", verdict: .incorrect,
            construction: "positive opposite"),
        Case(
            language: "it", question: "ch2-q2", answer: "Non rilevare il modello per stirare il frame: cambia SDK",
            verdict: .correct, construction: "negation over a run of phrases"),
        Case(
            language: "it", question: "ch1-q2", answer: "Lo sfondo sì, il pulsante no", verdict: .correct,
            construction: "clause-final no"),
        Case(
            language: "it", question: "ch0-q1", answer: "Di lato? No, in alto e in basso", verdict: .correct,
            construction: "asked and answered no"),
        Case(
            language: "it", question: "ch11-q1", answer: "Quando non stai riprendendo non puoi", verdict: .correct,
            construction: "echoed negation of the question is ignored"),
        Case(language: "es", question: "ch5-q1", answer: "No entra", verdict: .correct, construction: "no before verb"),
        Case(
            language: "es", question: "ch9-q3", answer: "No se puede", verdict: .correct,
            construction: "no se is not no sé"),
        Case(
            language: "es", question: "ch7-q2", answer: "no, no se aparta párrafo a párrafo", verdict: .correct,
            construction: "negation reaches the adjacent phrase"),
        Case(
            language: "es", question: "ch0-q3", answer: "Sí, se convierte en una app de iPad", verdict: .incorrect,
            construction: "negated version of the answer"),
        Case(language: "tr", question: "ch5-q1", answer: "girmez", verdict: .correct, construction: "-mez suffix"),
        Case(language: "tr", question: "ch5-q1", answer: "girer", verdict: .incorrect, construction: "no suffix"),
        Case(
            language: "tr", question: "ch2-q1", answer: "görünmez", verdict: .incorrect,
            construction: "-mez on the expected yes"),
        Case(
            language: "tr", question: "ch0-q3", answer: "iPad uygulaması değil", verdict: .correct,
            construction: "değil after the phrase"),
        Case(
            language: "tr", question: "ch1-q2", answer: "Gradyan kalabilir, düğme kalamaz", verdict: .correct,
            construction: "-amaz on a separate verb"),
        Case(
            language: "zh-Hant", question: "ch5-q1", answer: "不會進垂直欄", verdict: .correct,
            construction: "不會 before the verb"),
        Case(language: "zh-Hant", question: "ch5-q1", answer: "會進", verdict: .incorrect, construction: "no cue"),
        Case(
            language: "zh-Hant", question: "ch2-q1", answer: "不会出现", verdict: .incorrect,
            construction: "Simplified 不会 on the expected yes"),
        Case(
            language: "zh-Hant", question: "ch9-q1", answer: "從同一份狀態恢復，而不是另一棵視圖樹",
            verdict: .correct, construction: "而不是 across a clause break"),
        Case(
            language: "zh-Hant", question: "ch7-q2", answer: "不用逐段挪開", verdict: .correct,
            construction: "不用 before the yes-claim"),
        Case(language: "ja", question: "ch5-q1", answer: "入らない", verdict: .correct, construction: "plain negative"),
        Case(language: "ja", question: "ch5-q1", answer: "入りません", verdict: .correct, construction: "polite negative"),
        Case(language: "ja", question: "ch5-q1", answer: "入ります", verdict: .incorrect, construction: "polite positive"),
        Case(
            language: "ja", question: "ch2-q1", answer: "現れない", verdict: .incorrect,
            construction: "plain negative of the expected yes"),
        Case(
            language: "ja", question: "ch7-q2", answer: "段落ごとにずらす必要はない", verdict: .correct,
            construction: "必要はない after the phrase"),
        Case(
            language: "ja", question: "ch5-q4", answer: "ナビゲーションコンテナが提供するバーではないから",
            verdict: .correct, construction: "ではないから is a negation, not a question"),
        Case(
            language: "ja", question: "ch2-q3", answer: "新しいシンボルは #available の中に入れなければならない",
            verdict: .partial, construction: "なければならない is not a negation"),
    ]

    /// Scope: a cue stops at intervening content words and goes back only to the phrase it directly follows.
    static let scope: [Case] = [
        Case(
            language: "it", question: "ch0-q3", answer: "Non ho letto bene il capitolo e diventa un'app per iPad",
            verdict: .incorrect, construction: "content words stop the cue before the phrase"),
        Case(
            language: "it", question: "ch2-q1",
            answer: "La barra verticale compare con l'SDK 27.1 e non si installa su iOS 17", verdict: .correct,
            construction: "no fallback over words of the cue's own"),
        Case(
            language: "it", question: "ch10-q3", answer: "Leggo status, l'angolo non mi serve", verdict: .correct,
            construction: "back to the phrase the cue directly follows"),
        Case(
            language: "es", question: "ch0-q3", answer: "No leí bien el capítulo y se convierte en una app de iPad",
            verdict: .incorrect, construction: "content words stop the cue before the phrase"),
        Case(
            language: "zh-Hant", question: "ch1-q2", answer: "漸層背景可以留在正中，付款按鈕不行", verdict: .correct,
            construction: "不 after the phrase it follows"),
    ]

    @Test(arguments: scope)
    func stopsWhereTheNegationStops(_ testCase: Case) throws {
        try gradesTheNegation(testCase)
    }

    @Test(arguments: cases)
    func gradesTheNegation(_ testCase: Case) throws {
        let grade = try TestContent.grader().grade(
            questionID: testCase.question, language: testCase.language, answer: testCase.answer, reference: "")
        #expect(grade.verdict == testCase.verdict, "\(grade.feedback)")
    }
}
