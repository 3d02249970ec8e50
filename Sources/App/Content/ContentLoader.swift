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

    /// Reads `directory` once and loads it; see `load(_:)`.
    static func load(directory: String) throws(Failure) -> ContentSnapshot {
        try load(ContentDirectory(path: directory))
    }

    /// Parses, validates and prepares content read into memory; no file is opened here.
    ///
    /// - Parameter previous: the snapshot being replaced, if any. When the key files are byte for byte the
    ///   same, its answer keys, key fingerprints and the search index of every language whose course is
    ///   unchanged are reused: they derive from nothing else. Pages are always rendered again (they carry the
    ///   content hash as their asset version).
    static func load(_ content: ContentDirectory, reusing previous: ContentSnapshot? = nil) throws(Failure)
        -> ContentSnapshot
    {
        let library: CourseLibrary
        let book: AnswerKeyBook
        let strings: [String: UIStrings]
        do {
            library = try CourseLibrary.parse(files: content.files, oversized: content.oversized)
        } catch {
            throw Failure(report: error.render())
        }
        // Everything that needs only the parsed course runs at once, each language's keys a job of its own;
        // errors are then reported in this order.
        let keyFiles = content.files(in: "keys")
        let keysHash = content.digest(of: "keys")
        let unchangedKeys = previous.flatMap { $0.keysHash == keysHash ? $0 : nil }
        var compilation: AnswerKeyBook.Compilation?
        if unchangedKeys == nil {
            do {
                compilation = try AnswerKeyBook.compilation(files: keyFiles)
            } catch {
                throw Failure(report: "answer keys: \(error)")
            }
        }
        let jobs = ParallelJobs()
        let compiled = compilation.map { compilation in
            compilation.languages.map { code in jobs.add { compilation.compile(code) } }
        }
        // The fingerprint is left for later (`ContentSnapshot.fingerprint`): the first page needs none of it.
        let jsonKeyFiles = keyFiles.filter { $0.key.hasSuffix(".json") }
        let fingerprint = Deferred {
            let keys =
                try unchangedKeys?.fingerprint.keys
                ?? ContentFingerprint.keyDigests(
                    jsonKeyFiles.map { try ContentFingerprint.keyEntries(name: $0, data: $1) })
            return try ContentFingerprint.make(library: library, keys: keys)
        }
        let loadedStrings = jobs.add {
            try UIStrings.parse(files: content.files(in: "ui"), languages: library.languages.map(\.code))
        }
        jobs.run()
        do {
            if let unchangedKeys {
                book = unchangedKeys.book
            } else if let compilation, let compiled {
                book = try compilation.book(compiled.map { try $0.get() })
            } else {
                throw Failure(report: "answer keys: not compiled")
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(report: "answer keys: \(error)")
        }
        try checkKeysCover(library, book)
        do {
            strings = try loadedStrings.get()
        } catch {
            throw Failure(report: "interface strings: \(error)")
        }
        let contentHash = content.contentHash
        do {
            let languages = try prepareLanguages(
                library: library, book: book, strings: strings, assetVersion: contentHash, reusing: unchangedKeys)
            let list = CourseJSON.LanguageList(
                languages: library.courses.map {
                    .init(code: $0.language.code, name: $0.language.name, tag: $0.language.tag, title: $0.title)
                })
            return ContentSnapshot(
                library: library, book: book, strings: strings, languages: languages,
                languageList: try PreparedBody(CourseJSON.encode(list), contentType: "application/json"),
                contentHash: contentHash, fingerprint: fingerprint, versionID: 0, keysHash: keysHash)
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
}
