import Course
import Foundation

@testable import Grading

/// The repository's real content, loaded once for all tests: answer keys and parsed course documents.
enum TestContent {
    static let languages = ["it", "es", "tr", "zh-Hant", "ja"]

    /// The folder holding `Package.swift`, found from this file's path (no bundle resources).
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url = url.deletingLastPathComponent()
        }
        return url
    }()

    static let contentDirectory = root.appendingPathComponent("Content")
    static let keysDirectory = contentDirectory.appendingPathComponent("keys")

    static let loadedBook = Result { () throws(GradingError) -> AnswerKeyBook in
        try AnswerKeyBook.make(files: folder(keysDirectory))
    }

    static let loadedLibrary = Result { () throws(ContentReport) -> CourseLibrary in
        var files: [String: [UInt8]] = [:]
        for path in languages.flatMap({ ["\($0).txt", "languages/\($0).json"] }) {
            files[path] = FileManager.default.contents(atPath: contentDirectory.appendingPathComponent(path).path)
                .map { [UInt8]($0) }
        }
        return try CourseLibrary.parse(files: files)
    }

    /// The files directly in `directory`, keyed by name (App's reader does this for the server).
    static func folder(_ directory: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let names = FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []
        for name in names where !name.contains("/") {
            files[name] = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
        }
        return files
    }

    static func book() throws -> AnswerKeyBook { try loadedBook.get() }
    static func library() throws -> CourseLibrary { try loadedLibrary.get() }
    static func grader() throws -> Grader { Grader(book: try book()) }
}
