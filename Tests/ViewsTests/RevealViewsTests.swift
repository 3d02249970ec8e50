import Foundation
import Testing

@testable import Views

/// Issue 13's markup: the "Show the answer" area of each question, the appendix's hidden answers and the
/// progress page's per-question table.
struct RevealViewsTests {
    func chapter(_ learner: LearnerState = .anonymous) throws -> String {
        try ChapterPage(chapter: Fixtures.chapter(language: "it"), context: Fixtures.context()).render()
            .string(for: learner)
    }

    func appendix(_ learner: LearnerState = .anonymous) throws -> String {
        let content = SectionContent(
            title: "Appendice",
            blocks: [
                BlockContent(kind: .heading, anchor: "appendix-answers", text: "Risposte"),
                BlockContent(
                    kind: .paragraph, anchor: "appendix-answers-b1", text: "Capitolo 1. La risposta segreta.",
                    answerChapter: 1),
                BlockContent(
                    kind: .paragraph, anchor: "appendix-answers-b2", text: "Capitolo 2. Un'altra risposta.",
                    answerChapter: 2),
            ])
        return SectionPage(section: .appendix, content: content, context: try Fixtures.context()).render()
            .string(for: learner)
    }

    @Test func eachQuestionHasARevealFormUntilTheReferenceIsEarned() throws {
        let anonymous = try chapter()
        #expect(anonymous.contains("<div class=\"reveal\" id=\"ch3-q1-reveal\" aria-live=\"polite\">"))
        #expect(anonymous.contains("<button type=\"submit\" class=\"reveal-answer\">Mostra la risposta</button>"))
        #expect(!anonymous.contains("Risposta di riferimento</strong>"))

        let learner = LearnerState(references: ["ch3-q1": "La risposta <di riferimento>"])
        let html = try chapter(learner)
        #expect(html.contains("<p>La risposta &lt;di riferimento&gt;</p>"))
        #expect(!html.contains("action=\"/it/checkpoints/ch3-q1/reveal\""), "the form gives way to the reference")
        #expect(html.contains("action=\"/it/checkpoints/ch3-q2/reveal\""), "other questions keep theirs")
        #expect(HTMLInspection.unlabelledControls(in: html).isEmpty)
        let ids = HTMLInspection.ids(in: html)
        #expect(Set(ids).count == ids.count)
    }

    @Test func aResultWithoutReferenceShowsNone() throws {
        let result = GradeResult(
            verdict: .incorrect, score: 0, found: [], missing: ["a"], feedback: "No.", reference: nil)
        let html = try chapter(LearnerState(results: ["ch3-q1": result]))
        #expect(html.contains("verdict-incorrect"))
        #expect(!html.contains("class=\"reference\""))
    }

    @Test func revealDisabledDropsTheForms() throws {
        let html = try chapter(LearnerState(revealDisabled: true))
        #expect(!html.contains("reveal-form"))
        let appendix = try appendix(LearnerState(revealDisabled: true))
        #expect(!appendix.contains("chapter-reveal-form"))
        #expect(appendix.contains("Su questo sito le risposte non vengono mostrate."))
        #expect(!appendix.contains("La risposta segreta"))
    }

    @Test func theAppendixHidesAChaptersAnswersUntilShown() throws {
        let anonymous = try appendix()
        #expect(!anonymous.contains("La risposta segreta"))
        #expect(!anonymous.contains("altra risposta"))
        #expect(anonymous.contains("<div class=\"answer-hidden\" id=\"appendix-answers-b1\">"))
        #expect(anonymous.contains("Le risposte del capitolo 1 compaiono"))
        #expect(anonymous.contains("action=\"/it/appendix/chapters/1/reveal\""))
        #expect(anonymous.contains("aria-describedby=\"appendix-answers-b1-hidden\""))
        #expect(HTMLInspection.unlabelledControls(in: anonymous).isEmpty)

        let html = try appendix(LearnerState(shownAnswers: [1]))
        #expect(
            html.contains("<p class=\"chapter-answer\" id=\"appendix-answers-b1\">Capitolo 1. La risposta segreta.</p>")
        )
        #expect(!html.contains("altra risposta"))
        #expect(html.contains("action=\"/it/appendix/chapters/2/reveal\""))
    }

    @Test func theProgressPageListsFirstTryNextToTheFinalScoreAndReveals() throws {
        let report = ProgressReport(
            sections: [
                .chapter(3): SectionProgress(
                    read: true, questionsPassed: 1, questionsTotal: 3, score: 0.556, firstScore: 0.333)
            ],
            overall: 0.1,
            questions: [
                QuestionProgress(
                    id: "ch3-q1", section: .chapter(3), number: 1, firstScore: 0, score: 0.667, attempts: 2,
                    passed: true, revealed: false),
                QuestionProgress(
                    id: "ch3-q2", section: .chapter(3), number: 2, firstScore: 0, score: 0, attempts: 1,
                    passed: false, revealed: true),
            ])
        let html = String(
            decoding: ProgressPage(report: report, context: try Fixtures.context()).render(), as: UTF8.self)
        #expect(html.contains("<th scope=\"col\">Primo tentativo</th><th scope=\"col\">Punteggio</th>"))
        #expect(html.contains("<td>Sì</td><td>1/3</td><td>33%</td><td>56%</td>"))
        #expect(html.contains("<tr class=\"passed\" id=\"progress-ch3-q1\">"))
        #expect(html.contains("<tr id=\"progress-ch3-q2\">"))
        #expect(html.contains("<td>0%</td><td>67%</td><td>2</td><td>No</td>"))
        #expect(html.contains("<td>0%</td><td>0%</td><td>1</td><td class=\"revealed\">Sì</td>"))
        #expect(html.contains("href=\"/it/chapters/3#ch3-q2\""))
        let ids = HTMLInspection.ids(in: html)
        #expect(Set(ids).count == ids.count)
    }
}
