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
        try AnswerKeyBook.load(from: keysDirectory)
    }

    static let loadedLibrary = Result { () throws(ContentReport) -> CourseLibrary in
        try CourseLibrary.load(from: contentDirectory)
    }

    static func book() throws -> AnswerKeyBook { try loadedBook.get() }
    static func library() throws -> CourseLibrary { try loadedLibrary.get() }
    static func grader() throws -> Grader { Grader(book: try book()) }
}
