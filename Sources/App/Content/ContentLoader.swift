import Course
import Foundation
import Grading
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
        // Everything that needs only the parsed course runs at once; errors are then reported in this order.
        let keyDirectory = root.appendingPathComponent("keys", isDirectory: true)
        let jobs = ParallelJobs()
        let loadedBook = jobs.add { try AnswerKeyBook.load(from: keyDirectory) }
        let loadedFingerprint = jobs.add { try ContentFingerprint.make(library: library, keyDirectory: keyDirectory) }
        let loadedStrings = jobs.add {
            try UIStrings.load(
                directory: root.appendingPathComponent("ui", isDirectory: true),
                languages: library.languages.map(\.code))
        }
        jobs.run()
        do {
            book = try loadedBook.get()
        } catch {
            throw Failure(report: "answer keys: \(error)")
        }
        try checkKeysCover(library, book)
        do {
            strings = try loadedStrings.get()
        } catch {
            throw Failure(report: "interface strings: \(error)")
        }
        do {
            let fingerprint = try loadedFingerprint.get()
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
        if problems.isEmpty {
            do {
                try book.validate(against: library)
            } catch {
                problems.append("keys: \(error)")
            }
        }
        if !problems.isEmpty { throw Failure(report: Array(Set(problems)).sorted().joined(separator: "\n")) }
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
