import Course
import Foundation
import Testing

@testable import Views

/// Renders the real course (Content/) in every language: the pages App will serve.
///
/// Set `FOLIO_PAGES_DIR` to also write every page type there, for the Nu HTML checker and browser screenshots
/// (`scripts/check-pages` runs both).
@Suite(.serialized)
struct CoursePagesTests {
    static let library: Result<CourseLibrary, ContentReport> = Result { () throws(ContentReport) in
        try CourseLibrary.parse(files: Fixtures.courseFiles())
    }

    static func allPages() throws -> [String: CoursePages] {
        let library = try library.get()
        var pages: [String: CoursePages] = [:]
        for course in library.courses {
            let strings = try Fixtures.strings(course.language.code)
            pages[course.language.code] = CoursePages(
                course: course, strings: strings, languages: library.languages, answerKeys: nil
            )
        }
        return pages
    }

    @Test func everyLanguageRendersEveryChapterWithEveryBlockAnchored() throws {
        let library = try Self.library.get()
        let pages = try Self.allPages()
        for course in library.courses {
            let rendered = try #require(pages[course.language.code])
            #expect(rendered.chapters.count == 12)
            for chapter in course.chapters {
                let html = try #require(rendered.chapters[chapter.number]).string()
                #expect(html.hasPrefix("<!doctype html>\n<html lang=\"\(course.language.tag)\">"))
                let ids = HTMLInspection.ids(in: html)
                #expect(Set(ids).count == ids.count, "\(course.language.code) chapter \(chapter.number): duplicate id")
                let missing = chapter.blocks.map(\.anchor).filter { !ids.contains($0) }
                #expect(missing.isEmpty, "\(course.language.code) chapter \(chapter.number) lacks \(missing)")
                #expect(HTMLInspection.unlabelledControls(in: html).isEmpty)
                // An answer form and a "Show the answer" form per question, the header's search and the
                // chapter's "mark as read".
                #expect(HTMLInspection.tags("form", in: html).count == 2 * chapter.questions.count + 2)
                #expect(html.contains("action=\"/\(course.language.code)/chapters/\(chapter.number)/read\""))
            }
            let practice = rendered.practice.string()
            #expect(HTMLInspection.tags("form", in: practice).filter { $0.contains("answer-form") }.count == 4)
        }
    }

    @Test func codeLinesSurviveHighlightingByteForByte() throws {
        let library = try Self.library.get()
        let course = try #require(library.course("ja"))
        for block in course.chapters.flatMap(\.blocks) where block.kind == .code {
            #expect(SwiftHighlighter.tokens(in: block.text).map(\.text).joined() == block.text)
        }
    }

    @Test func parallelViewAlignsEveryBlockPair() throws {
        let pages = try Self.allPages()
        let italian = try #require(pages["it"])
        let chinese = try #require(pages["zh-Hant"])
        let html = String(decoding: try #require(italian.parallel(chapter: 5, with: chinese)), as: UTF8.self)
        let cells = HTMLInspection.tags("div", in: html).filter { $0.contains("class=\"cell") }
        #expect(
            cells.filter { $0.contains("lang=\"it\"") }.count == cells.filter { $0.contains("lang=\"zh-Hant\"") }.count)
        #expect(cells.count > 20)
    }

    @Test func exportsEveryPageTypeWhenAskedTo() throws {
        let pages = try Self.allPages()
        let italian = try #require(pages["it"])
        let japanese = try #require(pages["ja"])
        let chinese = try #require(pages["zh-Hant"])
        let answered = LearnerState(
            sections: [
                .chapter(0): SectionProgress(read: true, questionsPassed: 3, questionsTotal: 3, score: 1),
                .chapter(1): SectionProgress(read: true, questionsPassed: 1, questionsTotal: 3, score: 0.5),
                .chapter(2): SectionProgress(read: true, questionsPassed: 0, questionsTotal: 3),
            ],
            resume: ResumePoint(section: .chapter(1), anchor: "ch1-b3"),
            attempts: ["ch1-q1": [Fixtures.attempt], "ch1-q2": [Fixtures.attempt]],
            results: ["ch1-q1": Fixtures.grade],
            references: ["ch1-q1": "La risposta di riferimento, mostrata dopo averla chiesta."],
            shownAnswers: [0]
        )
        let report = ProgressReport(
            sections: answered.sections, overall: 4.0 / 41.0,
            questions: [
                QuestionProgress(
                    id: "ch1-q1", section: .chapter(1), number: 1, firstScore: 0, score: 0.667, attempts: 2,
                    passed: true, revealed: false),
                QuestionProgress(
                    id: "ch1-q2", section: .chapter(1), number: 2, firstScore: 0, score: 0, attempts: 1, passed: false,
                    revealed: true),
            ])
        let hits = [
            SearchHit(
                section: .chapter(1), anchor: "ch1-b3", snippet: Snippet(marked: "La \u{2}larghezza\u{3} in più")),
            SearchHit(section: .appendix, anchor: nil, snippet: Snippet(marked: "…la \u{2}larghezza\u{3} regular…")),
        ]
        var files: [String: [UInt8]] = [
            "home-it.html": italian.home.bytes(for: answered),
            "chapter-it.html": try #require(italian.chapters[1]).staticBytes,
            "chapter-answered-it.html": try #require(italian.chapters[1]).bytes(for: answered),
            "chapter-ja.html": try #require(japanese.chapters[3]).staticBytes,
            "chapter-zh-Hant.html": try #require(chinese.chapters[7]).staticBytes,
            "appendix-it.html": italian.appendix.staticBytes,
            "appendix-answered-it.html": italian.appendix.bytes(for: answered),
            "practice-ja.html": japanese.practice.staticBytes,
            "parallel-it-ja.html": try #require(italian.parallel(chapter: 1, with: japanese)),
            "search-it.html": SearchPage(query: "larghezza", hits: hits, context: italian.context).render(),
            "progress-it.html": ProgressPage(report: report, context: italian.context).render(),
            "join-it.html": JoinPage(
                invitation: JoinInvitation(code: "k3y", cohortName: "Team <Duo>"), context: italian.context
            )
            .render(),
            "error-404-ja.html": ErrorPage(status: 404, context: japanese.context).render(),
        ]
        files["admin.html"] = AdminPage(title: "Learners", navigation: [("Content", "/admin")]) {
            AdminTable(
                id: "learners", caption: "Learners", columns: ["Name"], rows: [[.text("<img src=x onerror=alert(1)>")]]
            ).node()
            AdminForm(id: "reload", action: "/admin/reload", csrfToken: "t", fields: [], submitLabel: "Reload").node()
        }.render()
        for (name, bytes) in files {
            let html = String(decoding: bytes, as: UTF8.self)
            #expect(html.hasPrefix("<!doctype html>"), "\(name)")
            #expect(HTMLInspection.unlabelledControls(in: html).isEmpty, "\(name)")
        }
        guard let directory = ProcessInfo.processInfo.environment["FOLIO_PAGES_DIR"] else { return }
        let folder = URL(fileURLWithPath: directory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, bytes) in files {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
    }
}
