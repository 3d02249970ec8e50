import Testing

@testable import Grading

/// Evidence, not keywords: a required part of an explanation named only by topic words, or of an open question
/// only in a hedged sentence or by vague words, is at most partial; the same idea stated plainly is correct.
@Suite struct ClaimTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let language: String
        let question: String
        let answer: String
        let verdict: Verdict
        let rule: String
        var testDescription: String { "[\(language)] \(rule): \(answer)" }
    }

    static let topicWords: [Case] = [
        Case(language: "it", question: "ch8-q3", answer: "pezzi irraggiungibili", verdict: .partial, rule: "two words"),
        Case(
            language: "it", question: "ch8-q3", answer: "i pezzi sono irraggiungibili", verdict: .correct,
            rule: "a verb of the lexicon's predicates"),
        Case(language: "es", question: "ch8-q3", answer: "mitad contenido", verdict: .partial, rule: "two nouns"),
        Case(language: "tr", question: "ch11-q3", answer: "gerçek cihaz", verdict: .partial, rule: "two nouns"),
        Case(
            language: "tr", question: "ch8-q3", answer: "bir parça ulaşılamaz oluyor", verdict: .correct,
            rule: "a verb ending (-yor)"),
        Case(language: "zh-Hant", question: "ch8-q3", answer: "一半內容", verdict: .partial, rule: "four characters"),
        Case(language: "ja", question: "ch6-q2", answer: "非対称", verdict: .partial, rule: "one word"),
        Case(
            language: "it", question: "ch10-q2", answer: "SwiftUI: niente cerniera. UIKit: gerarchia",
            verdict: .partial, rule: "one required part only a topic word"),
        Case(
            language: "it", question: "ch4-q2", answer: "larghezza, minimo", verdict: .partial,
            rule: "a list of topics for a question that asks how"),
        Case(
            language: "it", question: "ch4-q2", answer: "la larghezza del contenitore divisa per la larghezza minima",
            verdict: .correct, rule: "the rule stated"),
    ]

    static let hedges: [Case] = [
        Case(
            language: "it", question: "ch11-q3", answer: "probabilmente il simulatore non ha la fotocamera",
            verdict: .partial, rule: "probabilmente"),
        Case(
            language: "it", question: "ch11-q3", answer: "il simulatore non ha la fotocamera", verdict: .correct,
            rule: "the same claim, not hedged"),
        Case(language: "es", question: "ch9-q2", answer: "quizás a la derecha", verdict: .partial, rule: "quizás"),
        Case(language: "tr", question: "ch9-q2", answer: "belki sağda", verdict: .partial, rule: "belki"),
        Case(language: "zh-Hant", question: "ch9-q2", answer: "也許在右邊吧", verdict: .partial, rule: "也許"),
        Case(language: "ja", question: "ch9-q2", answer: "たぶん右側", verdict: .partial, rule: "たぶん"),
        Case(
            language: "ja", question: "ch11-q1", answer: "できない。外側の追加コンテンツはシステムが出すもので、しかも撮影中だけ",
            verdict: .correct, rule: "しかも is not a hedge"),
        Case(
            language: "it", question: "ch0-q1", answer: "forse in alto e in basso", verdict: .partial,
            rule: "a guessed option"),
        Case(
            language: "it", question: "ch0-q1", answer: "in alto e in basso", verdict: .correct,
            rule: "the option stated"),
        Case(
            language: "es", question: "ch6-q1", answer: "quizás vertical", verdict: .partial, rule: "a guessed option"),
        Case(
            language: "tr", question: "ch0-q1", answer: "belki üstte ve altta", verdict: .partial,
            rule: "a guessed option"),
        Case(language: "ja", question: "ch0-q1", answer: "たぶん上下", verdict: .partial, rule: "a guessed option"),
        Case(language: "zh-Hant", question: "ch0-q1", answer: "也許是上下", verdict: .partial, rule: "a guessed option"),
        Case(
            language: "it", question: "ch0-q3", answer: "forse no, è ancora un'app per iPhone", verdict: .partial,
            rule: "a guessed polarity"),
        Case(
            language: "it", question: "ch0-q3", answer: "Forse te lo chiedi. No: è ancora un'app per iPhone.",
            verdict: .correct, rule: "the hedge in another sentence"),
    ]

    static let vague: [Case] = [
        Case(
            language: "it", question: "ch2-q3", answer: "perché l'app va in crash", verdict: .partial,
            rule: "a crash is the consequence, not the reason"),
        Case(
            language: "it", question: "ch2-q3",
            answer: "Perché su iOS 18 quei simboli non ci sono e l'app andrebbe in crash",
            verdict: .correct, rule: "the reason stated next to the vague word"),
        Case(language: "zh-Hant", question: "ch2-q3", answer: "因為會閃退", verdict: .partial, rule: "閃退"),
    ]

    @Test(arguments: topicWords + hedges + vague)
    func grades(_ testCase: Case) throws {
        let grade = try TestContent.grader().grade(
            questionID: testCase.question, language: testCase.language, answer: testCase.answer)
        #expect(grade.verdict == testCase.verdict, "\(grade.feedback)")
    }

    @Test func topicWordsAskForASentenceAndAGuessForTheMissingPart() throws {
        let grader = try TestContent.grader()
        let named = try grader.grade(questionID: "ch8-q3", language: "it", answer: "pezzi irraggiungibili")
        #expect(named.reason == .missingParts)
        #expect(named.feedback.contains("frase"), "\(named.feedback)")
        let hedged = try grader.grade(
            questionID: "ch11-q3", language: "it", answer: "forse il simulatore non ha la fotocamera")
        #expect(hedged.reason == .missingParts)
        #expect(!hedged.feedback.contains("frase"), "\(hedged.feedback)")
    }

    @Test func clausesWithoutAPredicateOnlyNameTopics() throws {
        let pack = try #require(try TestContent.book().packs["it"])
        let scanner = EvidenceScanner(normalizer: pack.normalizer, lexicon: pack.lexicon)
        let reading = scanner.read("righe lunghe, le frasi si stirano, il testo diventa illeggibile, vuoto")
        #expect(reading.topicClauses == [true, false, false, true])
        #expect(scanner.read("forse è così").hedgedSentences == [0])
        #expect(scanner.read("è così").hedgedSentences.isEmpty)
    }
}
