import Course
import Foundation
import Grading
import HTTP
import Locking
import SQLite
import Views

/// Builds a `ContentSnapshot` from a content directory: parse, validate, render, encode and index.
///
/// All or nothing: any error leaves no snapshot, and the report says what and where.
enum ContentLoader {
    /// Why content could not be loaded; `report` is the validation report shown to operators.
    struct Failure: Error, CustomStringConvertible {
        let report: String
        var description: String { report }
    }

    static func load(directory: String) throws(Failure) -> ContentSnapshot {
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        let contentHash: String
        let library: CourseLibrary
        let book: AnswerKeyBook
        let strings: [String: UIStrings]
        do {
            contentHash = try digestOfFiles(under: root)
        } catch {
            throw Failure(report: "\(directory): cannot read the content directory: \(error)")
        }
        do {
            library = try CourseLibrary.load(from: root)
        } catch {
            throw Failure(report: error.render())
        }
        do {
            book = try AnswerKeyBook.load(from: root.appendingPathComponent("keys", isDirectory: true))
        } catch {
            throw Failure(report: "answer keys: \(error)")
        }
        try checkKeysCover(library, book)
        do {
            strings = try UIStrings.load(
                directory: root.appendingPathComponent("ui", isDirectory: true),
                languages: library.languages.map(\.code))
        } catch {
            throw Failure(report: "interface strings: \(error)")
        }
        do {
            let fingerprint = try ContentFingerprint.make(
                library: library, keyDirectory: root.appendingPathComponent("keys", isDirectory: true))
            let languages = try prepareLanguages(
                library: library, book: book, strings: strings, assetVersion: contentHash)
            let list = CourseJSON.LanguageList(
                languages: library.courses.map {
                    .init(code: $0.language.code, name: $0.language.name, tag: $0.language.tag, title: $0.title)
                })
            return ContentSnapshot(
                library: library, book: book, strings: strings, languages: languages,
                languageList: try PreparedBody(CourseJSON.encode(list), contentType: "application/json"),
                contentHash: contentHash, fingerprint: fingerprint, versionID: 0)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(report: "preparing content: \(error)")
        }
    }

    /// Every question needs a key and every key a question: a key cannot drift from the course silently.
    private static func checkKeysCover(_ library: CourseLibrary, _ book: AnswerKeyBook) throws(Failure) {
        var problems: [String] = []
        for course in library.courses {
            let ids = course.questions.map(\.id)
            for id in ids where book.kind(of: id) == nil {
                problems.append("keys: no answer key for \(id) (\(course.language.document))")
            }
            if !book.languages.contains(course.language.code) {
                problems.append("keys: no key file for language \(course.language.code)")
            }
            for id in book.questionIDs where !ids.contains(id) {
                problems.append("keys: key \(id) has no question in \(course.language.document)")
            }
        }
        if !problems.isEmpty { throw Failure(report: Array(Set(problems)).sorted().joined(separator: "\n")) }
    }

    /// Renders, encodes and indexes each language, languages in parallel (one per core).
    private static func prepareLanguages(
        library: CourseLibrary, book: AnswerKeyBook, strings: [String: UIStrings], assetVersion: String
    ) throws -> [String: ContentSnapshot.LanguageContent] {
        let courses = library.courses
        let results = Locked<[String: Result<ContentSnapshot.LanguageContent, any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: courses.count) { index in
            let course = courses[index]
            let result = Result { () throws -> ContentSnapshot.LanguageContent in
                guard let languageStrings = strings[course.language.code] else {
                    throw Failure(report: "ui/\(course.language.code).json: missing")
                }
                return try prepare(
                    course, library: library, book: book, strings: languageStrings,
                    assetVersion: String(assetVersion.prefix(12)))
            }
            results.withLock { $0[course.language.code] = result }
        }
        return try results.withLock { $0 }.mapValues { try $0.get() }
    }

    private static func prepare(
        _ course: LanguageCourse, library: CourseLibrary, book: AnswerKeyBook, strings: UIStrings, assetVersion: String
    ) throws -> ContentSnapshot.LanguageContent {
        let code = course.language.code
        let pages = CoursePages(
            course: course, strings: strings, languages: library.languages, answerKeys: book, assetVersion: assetVersion
        )
        var prepared: [CourseSection: PreparedBody] = [:]
        let html = "text/html; charset=utf-8"
        // Every page remembers its language for `/`; the cookie is the same for all readers of the page.
        var headers = Headers()
        headers.add("Set-Cookie", PageRoutes.languageCookie(code))
        for chapter in course.chapters {
            if let page = pages.chapters[chapter.number] {
                prepared[.chapter(chapter.number)] = try PreparedBody(
                    page.staticBytes, contentType: html, extraHeaders: headers)
            }
        }
        prepared[.appendix] = try PreparedBody(pages.appendix.staticBytes, contentType: html, extraHeaders: headers)
        prepared[.practice] = try PreparedBody(pages.practice.staticBytes, contentType: html, extraHeaders: headers)
        var chapterJSON: [Int: PreparedBody] = [:]
        for chapter in course.chapters {
            chapterJSON[chapter.number] = try PreparedBody(
                CourseJSON.encode(CourseJSON.chapter(chapter, language: code, book: book)),
                contentType: "application/json")
        }
        let list = CourseJSON.ChapterList(
            language: code, title: course.title,
            chapters: course.chapters.map { .init(number: $0.number, title: $0.title, questions: $0.questions.count) })
        return ContentSnapshot.LanguageContent(
            course: course, pages: pages, preparedPages: prepared,
            preparedHome: try PreparedBody(pages.home.staticBytes, contentType: html, extraHeaders: headers),
            chapterList: try PreparedBody(CourseJSON.encode(list), contentType: "application/json"),
            chapterJSON: chapterJSON,
            appendixJSON: try PreparedBody(
                CourseJSON.encode(CourseJSON.appendix(course.appendix, language: code)), contentType: "application/json"
            ),
            practiceJSON: try PreparedBody(
                CourseJSON.encode(CourseJSON.practice(course.practice, language: code, book: book)),
                contentType: "application/json"),
            search: try SearchIndex(course: course))
    }

    /// SHA-256 over every regular file's relative path and bytes, in path order.
    static func digestOfFiles(under root: URL) throws -> String {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw Failure(report: "\(root.path): not a readable directory")
        }
        var entries: [(String, URL)] = []
        let prefix = root.standardizedFileURL.path
        for case let url as URL in enumerator {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            entries.append((String(url.standardizedFileURL.path.dropFirst(prefix.count)), url))
        }
        var material: [UInt8] = []
        for (relative, url) in entries.sorted(by: { $0.0 < $1.0 }) {
            material.append(contentsOf: Array(relative.utf8) + [0])
            material.append(contentsOf: Secrets.sha256(Array(try Data(contentsOf: url))))
        }
        return Secrets.hex(Secrets.sha256(material))
    }
}
