import Foundation
import Testing

@testable import Grading

/// One entry of `Fixtures/answers/{lang}.json`, written by QA independently of the keys.
struct LearnerAnswer: Sendable, Decodable, CustomTestStringConvertible {
    let question: String
    let answer: String?
    let choice: String?
    let expected: Verdict
    let note: String
    /// The page language: the file the entry comes from.
    var language = ""
    var index = 0

    private enum CodingKeys: String, CodingKey {
        case question, answer, choice, expected, note
    }

    var testDescription: String { "\(language)#\(index) \(question): \(answer ?? "") [\(choice ?? "-")]" }

    static let folder = TestContent.root.appendingPathComponent("Tests/GradingTests/Fixtures/answers")

    /// Every entry of one language's file; empty when the file is missing.
    static func entries(_ language: String) -> [LearnerAnswer] {
        let url = folder.appendingPathComponent("\(language).json")
        guard let data = FileManager.default.contents(atPath: url.path),
            let decoded = try? JSONDecoder().decode([LearnerAnswer].self, from: data)
        else { return [] }
        return decoded.enumerated().map { offset, entry in
            var entry = entry
            entry.language = language
            entry.index = offset
            return entry
        }
    }

    static let all: [LearnerAnswer] = TestContent.languages.flatMap(entries)
}
