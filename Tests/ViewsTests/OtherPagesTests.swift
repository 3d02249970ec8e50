import Foundation
import Testing

@testable import Views

struct OtherPagesTests {
    @Test func homeListsEverySectionWithMarksAndAContinueLink() throws {
        let page = HomePage(introduction: ["Prima fai in modo…", Fixtures.hostile], context: try Fixtures.context())
            .render()
        let anonymous = page.string()
        #expect(anonymous.hasPrefix("<!doctype html>\n<html lang=\"it\">"))
        #expect(anonymous.components(separatedBy: "<li class=\"chapter-item\">").count - 1 == 14)
        #expect(anonymous.contains("<a class=\"continue-link\" href=\"/it/chapters/0\">Inizia dal primo capitolo</a>"))
        #expect(anonymous.contains("&lt;script&gt;"))
        let learner = LearnerState(
            sections: [.practice: SectionProgress(read: true, questionsPassed: 4, questionsTotal: 4)],
            resume: ResumePoint(section: .chapter(5), anchor: "ch5-b3")
        )
        let html = page.string(for: learner)
        #expect(
            html.contains(
                "href=\"/it/chapters/5#ch5-b3\"><span class=\"continue-label\">Riprendi da dove eri rimasto</span>"))
        #expect(html.contains("Capitolo 5 · Titolo 5 &amp; &quot;virgolette&quot;"))
        #expect(html.contains("<span class=\"mark mark-passed\">"))
        let switcher = HTMLInspection.tags("a", in: html).filter { $0.contains("data-switch-language") }
        #expect(
            switcher.compactMap { HTMLInspection.attribute("href", of: $0) } == Fixtures.languageCodes.map { "/\($0)/" }
        )
    }

    @Test func practiceAnswersLikeAChapterAndAppendixHasNoCheckpoint() throws {
        let context = try Fixtures.context("es")
        let chapter = Fixtures.chapter(number: 0)
        let practice = SectionPage(
            section: .practice,
            content: SectionContent(
                title: "Buenas prácticas", lead: "Después de leer.", blocks: chapter.blocks,
                questions: [
                    QuestionContent(id: "practice-q1", number: 1, prompt: "¿Tres Tab abajo?")
                ]),
            context: context
        ).render().string()
        #expect(practice.contains("action=\"/es/checkpoints/practice-q1/attempts\""))
        #expect(practice.contains("<a href=\"/es/practice\" aria-current=\"page\">"))
        #expect(practice.contains("rel=\"prev\" href=\"/es/appendix\""))
        let appendix = SectionPage(
            section: .appendix, content: SectionContent(title: "Apéndice", blocks: chapter.blocks), context: context
        )
        .render().string()
        #expect(!appendix.contains("class=\"checkpoint\""))
        #expect(appendix.contains("rel=\"next\" href=\"/es/practice\""))
        #expect(HTMLInspection.unlabelledControls(in: practice).isEmpty)
    }

    @Test func parallelViewPairsBlocksInTwoLanguages() throws {
        let html = String(
            decoding: ParallelPage(
                primary: Fixtures.chapter(language: "it"), context: try Fixtures.context("it"),
                secondary: Fixtures.chapter(language: "ja"), secondaryContext: try Fixtures.context("ja")
            ).render(),
            as: UTF8.self
        )
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"it\">"))
        #expect(
            html.contains(
                "<div class=\"pair\" id=\"ch3-b1\"><div class=\"cell\" lang=\"it\"><h2 class=\"section-heading\">Esempio"
            ))
        #expect(html.contains("<div class=\"cell\" lang=\"ja\"><h2 class=\"section-heading\">日本語 Esempio"))
        #expect(html.contains(">使うとき</dt>") && html.contains(">Quando usarlo</dt>"))
        #expect(html.contains("<div class=\"pair pair-shared\" id=\"ch3-b3\"><div class=\"code-block\">"))
        #expect(html.components(separatedBy: "class=\"code-block\"").count - 1 == 1)
        let ids = HTMLInspection.ids(in: html)
        #expect(Set(ids).count == ids.count)
        let switcher = HTMLInspection.tags("a", in: html).filter { $0.contains("data-switch-language") }
        #expect(switcher.compactMap { HTMLInspection.attribute("href", of: $0) }.contains("/ja/chapters/3?with=it"))
        #expect(html.contains("rel=\"next\" href=\"/it/chapters/4?with=ja\""))
        #expect(!html.contains("<script>alert"))
    }

    @Test func searchResultsMarkMatchesAndLinkToAnchors() throws {
        let hits = [
            SearchHit(
                section: .chapter(3), anchor: "ch3-b5",
                snippet: Snippet(marked: "…usa \u{2}perché\u{3} <b> e \u{2}x\u{3}")),
            SearchHit(
                section: .appendix, anchor: nil, snippet: Snippet(parts: [.init(text: "solo testo", isMatch: false)])),
        ]
        let html = String(
            decoding: SearchPage(query: "perché <b>", hits: hits, context: try Fixtures.context()).render(),
            as: UTF8.self)
        #expect(html.contains("<a class=\"search-result-link\" href=\"/it/chapters/3#ch3-b5\">Capitolo 3 · "))
        #expect(html.contains("…usa <mark>perché</mark> &lt;b&gt; e <mark>x</mark>"))
        #expect(html.contains("href=\"/it/appendix\">"))
        #expect(html.contains("value=\"perché &lt;b&gt;\""))
        #expect(html.contains("<h1>Risultati per «perché &lt;b&gt;»</h1>"))
        #expect(html.contains("Risultati trovati: 2"))
        #expect(HTMLInspection.unlabelledControls(in: html).isEmpty)
        #expect(!html.contains("id=\"site-search-q\""))
    }

    @Test(arguments: [("", "Scrivi una o più parole"), ("zzz", "Nessun risultato per «zzz».")])
    func searchExplainsEmptyQueriesAndNoResults(query: String, message: String) throws {
        let html = String(
            decoding: SearchPage(query: query, hits: [], context: try Fixtures.context()).render(), as: UTF8.self)
        #expect(html.contains(message))
    }

    @Test func snippetsFromRangesMergeOverlapsAndKeepAllText() {
        let text = "perché la larghezza"
        let first = text.range(of: "perché")!
        let second = text.range(of: "la larg")!
        let overlapping = text.range(of: "larghezza")!
        let snippet = Snippet(text: text, matches: [second, first, overlapping])
        #expect(snippet.parts.map(\.text).joined() == text)
        #expect(snippet.parts.filter(\.isMatch).map(\.text) == ["perché", "la larg", "hezza"])
    }

    @Test func progressPageShowsReadPassedScoresAndOverall() throws {
        let report = ProgressReport(
            sections: [
                .chapter(0): SectionProgress(read: true, questionsPassed: 3, questionsTotal: 3, score: 1),
                .chapter(1): SectionProgress(read: true, questionsPassed: 1, questionsTotal: 3, score: 0.5),
            ],
            overall: 0.1
        )
        let html = String(
            decoding: ProgressPage(report: report, context: try Fixtures.context("tr")).render(), as: UTF8.self)
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"tr\">"))
        #expect(html.contains("Genel tamamlanma: %10"))
        #expect(html.contains("<progress id=\"overall-progress\" max=\"100\" value=\"10\">%10</progress>"))
        #expect(html.contains("Okunan bölümler: 2/12 · geçilen: 1/12"))
        #expect(html.contains("<tr class=\"passed\"><th scope=\"row\"><a href=\"/tr/chapters/0\">"))
        #expect(html.contains("<td>Evet</td><td>1/3</td><td>–</td><td>%50</td>"))
        #expect(html.contains("<td>Hayır</td><td>0/4</td><td>–</td><td>–</td>"))
        #expect(!html.contains("question-table"), "no question table before any answer")
        #expect(html.contains("href=\"/ja/progress\" lang=\"ja\""))
        #expect(HTMLInspection.unlabelledControls(in: html).isEmpty)
    }

    @Test func joinPageAsksForALabelledNameAndShowsErrors() throws {
        let invitation = JoinInvitation(
            code: "Ab3/x", cohortName: "<img src=x onerror=alert(1)>", displayName: "\"Ada\"", error: "Troppo lungo",
            csrfToken: "t0k"
        )
        let html = String(
            decoding: JoinPage(invitation: invitation, context: try Fixtures.context()).render(), as: UTF8.self)
        #expect(html.contains("method=\"post\" action=\"/join/Ab3%2Fx\""))
        #expect(html.contains("<input type=\"hidden\" name=\"csrf\" value=\"t0k\">"))
        #expect(html.contains("Unisciti a «&lt;img src=x onerror=alert(1)&gt;»"))
        #expect(html.contains("value=\"&quot;Ada&quot;\""))
        #expect(html.contains("aria-invalid=\"true\""))
        #expect(HTMLInspection.unlabelledControls(in: html).isEmpty)
    }

    @Test(arguments: [(404, "Pagina non trovata"), (400, "Richiesta non valida"), (500, "Qualcosa è andato storto")])
    func errorPagesSpeakThePageLanguage(status: Int, title: String) throws {
        let html = String(decoding: ErrorPage(status: status, context: try Fixtures.context()).render(), as: UTF8.self)
        #expect(html.contains("<h1>\(title)</h1>"))
        #expect(html.contains("<a href=\"/it/\">Torna al corso</a>"))
    }

    @Test func adminLayoutEscapesUserStringsAndCarriesCSRF() {
        let xss = "<img src=x onerror=alert(1)>"
        let page = AdminPage(title: "Learners", navigation: [("Content", "/admin"), ("Cohorts", "/admin/cohorts")]) {
            AdminTable(
                id: "learners", caption: "Learners", columns: ["Name", "Chapters"], rows: [[.text(xss), .text("3")]]
            ).node()
            AdminForm(
                id: "new-cohort", action: "/admin/cohorts", csrfToken: "c\"srf",
                fields: [
                    .init(name: "name", label: "Name", required: true),
                    .init(
                        name: "scope", label: "Scope", control: .select([("read:scores", "Read scores")]),
                        value: "read:scores"),
                ],
                submitLabel: "Create"
            ).node()
        }
        let html = String(decoding: page.render(), as: UTF8.self)
        #expect(!html.contains("<img"))
        #expect(html.contains("<td>&lt;img src=x onerror=alert(1)&gt;</td>"))
        #expect(html.contains("<input type=\"hidden\" name=\"csrf\" value=\"c&quot;srf\">"))
        #expect(html.contains("<option value=\"read:scores\" selected>Read scores</option>"))
        #expect(HTMLInspection.unlabelledControls(in: html).isEmpty)
    }
}
