import Course
import Foundation
import Grading
import HTTP
import Views

/// Each language's pages and JSON bodies, prepared as separate jobs on every core.
extension ContentLoader {
    /// A language's pages, rendered and prepared as HTTP bodies.
    private struct RenderedPages: Sendable {
        let pages: CoursePages
        let prepared: [CourseSection: PreparedBody]
        let openAppendix: PreparedBody
        let home: PreparedBody
    }

    /// A language's JSON API bodies.
    private struct EncodedJSON: Sendable {
        let chapterList: PreparedBody
        let chapters: [Int: PreparedBody]
        let appendix: PreparedBody
        let openAppendix: PreparedBody
        let practice: PreparedBody
    }

    /// Renders and encodes every language, each a separate job so two cores stay busy, and gives each its search
    /// index, built later in the background (`ContentSnapshot.prepareDeferred()`) or by the first search. The
    /// index needs the answer keys: it folds Han characters with the table grading uses.
    ///
    /// - Parameter previous: a snapshot with the same answer keys; a language whose course is unchanged keeps
    ///   its search index (built from nothing but the course, the keys' Han table and the language's stemmer).
    static func prepareLanguages(
        library: CourseLibrary, book: AnswerKeyBook, strings: [String: UIStrings], assetVersion: String,
        reusing previous: ContentSnapshot? = nil
    ) throws -> [String: ContentSnapshot.LanguageContent] {
        let jobs = ParallelJobs()
        var pending:
            [(
                course: LanguageCourse, search: SearchIndex, pages: ParallelJobs.Pending<RenderedPages>,
                json: ParallelJobs.Pending<EncodedJSON>
            )] = []
        for course in library.courses {
            let code = course.language.code
            guard let languageStrings = strings[code] else { throw Failure(report: "ui/\(code).json: missing") }
            // The index is built later (`SearchIndex.prepare()`): the first page does not need it.
            let search =
                try previous?.languages[code].flatMap { $0.course == course ? $0.search : nil }
                ?? SearchIndex(
                    course: course, han: book.simplifiedToTraditional(in: code),
                    stemmer: SearchStems.stemmer(for: code))
            let pages = jobs.add {
                try render(
                    course, library: library, book: book, strings: languageStrings,
                    assetVersion: String(assetVersion.prefix(12)))
            }
            let json = jobs.add { try encode(course, book: book) }
            pending.append((course, search, pages, json))
        }
        jobs.run()
        var languages: [String: ContentSnapshot.LanguageContent] = [:]
        let codes = library.courses.map(\.language.code)
        for (course, search, pages, json) in pending {
            let rendered = try pages.get()
            let encoded = try json.get()
            let code = course.language.code
            let parallel = ParallelPages(
                chapters: course.chapters.map(\.number), others: codes.filter { $0 != code },
                headers: pageHeaders(code))
            languages[code] = ContentSnapshot.LanguageContent(
                course: course, pages: rendered.pages, preparedPages: rendered.prepared,
                preparedOpenAppendix: rendered.openAppendix, preparedHome: rendered.home,
                chapterList: encoded.chapterList, chapterJSON: encoded.chapters, appendixJSON: encoded.appendix,
                openAppendixJSON: encoded.openAppendix, practiceJSON: encoded.practice, search: search,
                parallelPages: parallel)
        }
        return languages
    }

    private static func render(
        _ course: LanguageCourse, library: CourseLibrary, book: AnswerKeyBook, strings: UIStrings, assetVersion: String
    ) throws -> RenderedPages {
        let pages = CoursePages(
            course: course, strings: strings, languages: library.languages, answerKeys: book, assetVersion: assetVersion
        )
        var prepared: [CourseSection: PreparedBody] = [:]
        let html = "text/html; charset=utf-8"
        let headers = pageHeaders(course.language.code)
        for chapter in course.chapters {
            if let page = pages.chapters[chapter.number] {
                prepared[.chapter(chapter.number)] = try PreparedBody(
                    page.staticBytes, contentType: html, extraHeaders: headers)
            }
        }
        prepared[.appendix] = try PreparedBody(pages.appendix.staticBytes, contentType: html, extraHeaders: headers)
        prepared[.practice] = try PreparedBody(pages.practice.staticBytes, contentType: html, extraHeaders: headers)
        let everyAnswer = LearnerState(shownAnswers: Set(course.chapters.map(\.number)))
        return RenderedPages(
            pages: pages, prepared: prepared,
            openAppendix: try PreparedBody(
                pages.appendix.bytes(for: everyAnswer), contentType: html, extraHeaders: headers),
            home: try PreparedBody(pages.home.staticBytes, contentType: html, extraHeaders: headers))
    }

    /// The headers of every prepared page in language `code`: it remembers its language for `/` (the cookie is
    /// the same for all readers of the page) and carries the page security headers.
    static func pageHeaders(_ code: String) -> Headers {
        var headers = Headers()
        headers.add("Set-Cookie", PageRoutes.languageCookie(code))
        SecurityHeaders.addPage(to: &headers)
        return headers
    }

    private static func encode(_ course: LanguageCourse, book: AnswerKeyBook) throws -> EncodedJSON {
        let code = course.language.code
        let json = "application/json"
        var chapters: [Int: PreparedBody] = [:]
        for chapter in course.chapters {
            chapters[chapter.number] = try PreparedBody(
                CourseJSON.encode(CourseJSON.chapter(chapter, language: code, book: book)), contentType: json)
        }
        let list = CourseJSON.ChapterList(
            language: code, title: course.title,
            chapters: course.chapters.map { .init(number: $0.number, title: $0.title, questions: $0.questions.count) })
        return EncodedJSON(
            chapterList: try PreparedBody(CourseJSON.encode(list), contentType: json), chapters: chapters,
            appendix: try PreparedBody(
                CourseJSON.encode(CourseJSON.appendix(course, shown: [])), contentType: json),
            openAppendix: try PreparedBody(
                CourseJSON.encode(CourseJSON.appendix(course, shown: Set(course.chapters.map(\.number)))),
                contentType: json),
            practice: try PreparedBody(
                CourseJSON.encode(CourseJSON.practice(course.practice, language: code, book: book)), contentType: json))
    }
}
