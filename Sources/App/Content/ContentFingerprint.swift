import Course
import Foundation

/// Digests of the parts of the content a reload report compares, and that attempts are tagged with.
public struct ContentFingerprint: Sendable, Equatable {
    /// Per chapter number (and `appendix`, `practice`): a digest of its text in every language.
    public var sections: [String: String]
    /// Per question id: a digest of its prompts and reference answers in every language.
    public var questions: [String: String]
    /// Per question id: a digest of its answer key (neutral part and every language's words).
    public var keys: [String: String]

    /// The digest an attempt records: question text, reference and key together.
    public func questionHash(_ id: String) -> String {
        Secrets.hex(Array(Secrets.digest((questions[id] ?? "") + ":" + (keys[id] ?? "")).prefix(16)))
    }

    /// - Parameter keys: the key digests of a previous load whose key files were the same, reused as they are.
    static func make(library: CourseLibrary, keyFiles: [String: Data], keys: [String: String]? = nil) throws
        -> ContentFingerprint
    {
        var sections: [String: String] = [:]
        var questions: [String: String] = [:]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func digest(_ value: some Encodable) throws -> String {
            Secrets.hex(Secrets.sha256(Array(try encoder.encode(value))))
        }
        let courses = library.courses
        if let first = courses.first {
            for chapter in first.chapters {
                let number = chapter.number
                sections["ch\(number)"] = try digest(courses.compactMap { $0.chapter(number) })
                for question in chapter.questions {
                    questions[question.id] = try digest(
                        courses.compactMap { course in
                            course.question(id: question.id).map { [$0.question.prompt, $0.answer.text] }
                        })
                }
            }
            sections["appendix"] = try digest(courses.map(\.appendix))
            sections["practice"] = try digest(courses.map(\.practice))
            for question in first.practice.questions {
                questions[question.id] = try digest(
                    courses.map {
                        [$0.practice.questions.first { $0.id == question.id }?.prompt ?? "", $0.practice.answer.text]
                    })
            }
        }
        return ContentFingerprint(sections: sections, questions: questions, keys: try keys ?? keyDigests(keyFiles))
    }

    /// Digests each question's entries across every key file (`*.json` of the key folder, by name), as
    /// canonical JSON.
    private static func keyDigests(_ files: [String: Data]) throws -> [String: String] {
        var parts: [String: [String]] = [:]
        for (name, data) in files.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".json") {
            let object = try JSONSerialization.jsonObject(with: data)
            guard let questions = (object as? [String: Any])?["questions"] as? [String: Any] else { continue }
            for (id, entry) in questions {
                let canonical = try JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys])
                parts[id, default: []].append(name + "=" + String(decoding: canonical, as: UTF8.self))
            }
        }
        return parts.mapValues { Secrets.hex(Secrets.digest($0.joined(separator: "\n"))) }
    }
}
