import Foundation
import Testing

@testable import Views

struct ChapterPageTests {
    func render(_ code: String = "it", learner: LearnerState = .anonymous) throws -> String {
        let page = ChapterPage(chapter: Fixtures.chapter(language: code), context: try Fixtures.context(code)).render()
        return page.string(for: learner)
    }

    @Test(arguments: Fixtures.languageCodes)
    func documentDeclaresItsLanguageAndBasics(code: String) throws {
        let html = try render(code)
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"\(code)\">"))
        #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(html.contains("<title>"))
        #expect(html.contains("<a class=\"skip-link\" href=\"#main\">"))
        #expect(html.contains("<main id=\"main\""))
        #expect(html.contains("<nav id=\"toc\""))
    }

    @Test func everyBlockKindIsRenderedWithItsAnchor() throws {
        let html = try render()
        let ids = HTMLInspection.ids(in: html)
        for number in 1...12 {
            #expect(ids.contains("ch3-b\(number)"), "block ch3-b\(number)")
        }
        #expect(html.contains("<h2 class=\"section-heading\" id=\"ch3-b1\">"))
        #expect(html.contains("<a class=\"anchor-link\" href=\"#ch3-b1\">"))
        #expect(html.contains("<p id=\"ch3-b2\">"))
        #expect(html.contains("<div class=\"code-block\" id=\"ch3-b3\"><pre"))
        #expect(html.contains("<span class=\"hl-attribute\">@State</span>"))
        #expect(html.contains("<span class=\"hl-comment\" lang=\"zh-Hans\">// 只看容器</span>"))
        #expect(html.contains("<span class=\"hl-directive\">#if</span>"))
        #expect(
            html.contains(
                "<ul class=\"bullets\"><li class=\"bullet\" id=\"ch3-b5\"><p><strong class=\"term\">horizontalSizeClass</strong>"
            ))
        #expect(
            html.contains(
                "<dt class=\"usage-use\">Quando usarlo</dt><dd class=\"usage-use\">per scegliere una o due colonne.</dd>"
            ))
        #expect(
            html.contains(
                "<dt class=\"usage-avoid\">Quando non usarlo</dt><dd class=\"usage-avoid\">per dire «questo è un iPad».</dd>"
            ))
        #expect(html.contains("<ol class=\"numbered\"><li id=\"ch3-b7\" value=\"1\">"))
        #expect(html.contains("<div class=\"note\" role=\"note\" id=\"ch3-b11\">"))
        #expect(html.contains("<p class=\"source\" id=\"ch3-b12\">"))
    }

    @Test func noteAndSourceFollowTheCheckpointAsInTheDocuments() throws {
        let html = try render()
        let checkpoint = try #require(html.range(of: "class=\"checkpoint\""))
        let note = try #require(html.range(of: "class=\"note\""))
        let lastParagraph = try #require(html.range(of: "id=\"ch3-b10\""))
        #expect(lastParagraph.lowerBound < checkpoint.lowerBound && checkpoint.lowerBound < note.lowerBound)
    }

    @Test func courseTextIsEscapedEverywhere() throws {
        let learner = LearnerState(attempts: ["ch3-q2": [Fixtures.attempt]], results: ["ch3-q2": Fixtures.grade])
        let html = try render(learner: learner)
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("\"quoted\""))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot; &#39;single&#39;"))
        #expect(HTMLInspection.tags("script", in: html).count == 1)
        #expect(html.contains("<title>Capitolo 3 · Chiedi quanto è larga quest&#39;area"))
        #expect(html.contains("Progettare per iPhone Duo &lt;dal layout&gt; al codice"))
    }

    @Test func assetsComeFromTheSameOriginOnly() throws {
        let html = try render()
        let sources = (HTMLInspection.tags("script", in: html) + HTMLInspection.tags("link", in: html))
            .compactMap { HTMLInspection.attribute("src", of: $0) ?? HTMLInspection.attribute("href", of: $0) }
        #expect(!sources.isEmpty)
        for source in sources {
            #expect(source.hasPrefix("/"), "\(source)")
            #expect(!source.hasPrefix("//"), "\(source)")
        }
    }

    @Test func idsAreUnique() throws {
        let learner = LearnerState(attempts: ["ch3-q1": [Fixtures.attempt]], results: ["ch3-q1": Fixtures.grade])
        let ids = HTMLInspection.ids(in: try render(learner: learner))
        #expect(Set(ids).count == ids.count)
    }

    @Test func everyQuestionIsAPlainFormWithLabelledControls() throws {
        let html = try render()
        let forms = HTMLInspection.tags("form", in: html).filter { $0.contains("answer-form") }
        #expect(forms.count == 4)
        #expect(forms[0].contains("method=\"post\" action=\"/it/checkpoints/ch3-q1/attempts\""))
        #expect(forms[0].contains("data-api=\"/api/v1/it/checkpoints/ch3-q1/attempts\""))
        #expect(html.contains("<li class=\"question\" id=\"ch3-q1\">"), "the no-JS redirect lands on #ch3-q1")
        #expect(HTMLInspection.unlabelledControls(in: html).isEmpty)
        #expect(HTMLInspection.tags("textarea", in: html).filter { $0.contains("name=\"answer\"") }.count == 4)
        // A result region and a reveal area per question.
        #expect(html.components(separatedBy: "aria-live=\"polite\"").count - 1 == 8)
        let reveals = HTMLInspection.tags("form", in: html).filter { $0.contains("reveal-form") }
        #expect(reveals.count == 4)
        #expect(reveals[0].contains("method=\"post\" action=\"/it/checkpoints/ch3-q1/reveal\""))
        #expect(reveals[0].contains("data-api=\"/api/v1/it/checkpoints/ch3-q1/reveal\""))
    }

    @Test func choiceAndYesNoQuestionsOfferRadioButtonsInAFieldset() throws {
        let html = try render()
        let radios = HTMLInspection.tags("input", in: html).filter { $0.contains("type=\"radio\"") }
        // Each list ends with "no choice" (value ""), checked, so a chosen option can be taken back.
        #expect(
            radios.map { HTMLInspection.attribute("value", of: $0) } == ["top-bottom", "sides", "", "yes", "no", ""])
        #expect(radios.filter { $0.contains("checked") }.count == 2)
        #expect(html.contains("<label for=\"ch3-q2-option-none\">Nessuna scelta</label>"))
        #expect(html.contains("<legend>Scegli una risposta</legend>"))
        #expect(html.contains("<label for=\"ch3-q2-option-1\">Sì</label>"))
        let openAnswer = HTMLInspection.tags("textarea", in: html).first { $0.contains("ch3-q4-answer") }
        #expect(openAnswer?.contains(" required") == true)
    }

    @Test func languageSwitcherLinksTheSameChapterInEveryLanguage() throws {
        let html = try render("zh-Hant")
        let links = HTMLInspection.tags("a", in: html).filter { $0.contains("data-switch-language") }
        #expect(
            links.map { HTMLInspection.attribute("href", of: $0) } == Fixtures.languageCodes.map { "/\($0)/chapters/3" }
        )
        #expect(links.map { HTMLInspection.attribute("hreflang", of: $0) } == Fixtures.languageCodes)
        #expect(links.map { HTMLInspection.attribute("lang", of: $0) } == Fixtures.languageCodes)
        #expect(links.filter { $0.contains("aria-current=\"page\"") }.count == 1)
        #expect(html.contains(">繁體中文</a>") && html.contains(">日本語</a>") && html.contains(">Türkçe</a>"))
    }

    @Test func tableOfContentsAndPagerNavigate() throws {
        let html = try render()
        #expect(html.contains("<a href=\"/it/chapters/3\" aria-current=\"page\">"))
        #expect(html.contains("<a href=\"#ch3-b9\">API</a>"))
        #expect(html.contains("rel=\"prev\" href=\"/it/chapters/2\""))
        #expect(html.contains("rel=\"next\" href=\"/it/chapters/4\""))
        #expect(html.contains("href=\"/it/appendix\""))
        #expect(html.contains("<a href=\"/it/progress\">Progressi</a>"))
        #expect(html.contains("href=\"/it/chapters/3?with=ja\" lang=\"ja\" hreflang=\"ja\""))
    }

    @Test func anonymousReadersGetTheStaticBytes() throws {
        let page = ChapterPage(chapter: Fixtures.chapter(), context: try Fixtures.context()).render()
        #expect(page.hasSlots)
        #expect(page.bytes(for: .anonymous) == page.staticBytes)
        #expect(!page.string().contains("class=\"mark "))
    }

    @Test func learnerSlotsShowMarksAttemptsAndResults() throws {
        let learner = LearnerState(
            sections: [
                .chapter(2): SectionProgress(read: true, questionsPassed: 3, questionsTotal: 3, score: 1),
                .chapter(3): SectionProgress(read: true, questionsPassed: 1, questionsTotal: 4, score: 0.4),
                .chapter(4): SectionProgress(read: true, questionsPassed: 0, questionsTotal: 3),
            ],
            attempts: ["ch3-q1": [Fixtures.attempt]],
            results: ["ch3-q1": Fixtures.grade]
        )
        let html = try render(learner: learner)
        #expect(html.contains("<span class=\"mark mark-passed\">"))
        #expect(html.contains("<span class=\"mark-text\">Domande superate: 1 su 4</span>"))
        #expect(html.contains("<span class=\"mark mark-read\">"))
        #expect(
            html.contains(
                "<p class=\"verdict verdict-partial\"><strong class=\"verdict-label\">Parzialmente corretto</strong>"))
        #expect(html.contains("Punteggio: 50%"))
        #expect(
            html.contains(
                "<dt class=\"concepts-found\">Hai colto</dt><dd class=\"concepts-found\"><ul><li>regular × regular</li></ul></dd>"
            ))
        #expect(html.contains("<dt class=\"concepts-missing\">Manca</dt>"))
        #expect(html.contains("Dopo l&#39;apertura è ancora un&#39;app per iPhone."))
        #expect(
            html.contains(
                "<section class=\"attempts\" id=\"ch3-q1-attempts\" aria-labelledby=\"ch3-q1-attempts-title\"><h3"))
        #expect(html.contains("<time datetime=\"2026-01-01T00:00:00Z\">2026-01-01 00:00 UTC</time>"))
        #expect(html.contains("Scelta: Di lato"))
        #expect(
            html.contains(
                "section class=\"attempts\" id=\"ch3-q2-attempts\" aria-labelledby=\"ch3-q2-attempts-title\" hidden"))
    }
}
