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

    /// The section and question digests of `library`, beside key digests already made (`keyDigests(_:)`, or a
    /// previous load's when the key files are the same).
    static func make(library: CourseLibrary, keys: [String: String]) throws -> ContentFingerprint {
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
        return ContentFingerprint(sections: sections, questions: questions, keys: keys)
    }

    /// One key file's question entries as canonical JSON, keyed by question id: what the key digests are made of.
    struct KeyEntries: Sendable {
        let file: String
        let entries: [String: String]
    }

    /// The question entries of the key file `name` (a `*.json` of the key folder), each as canonical JSON; each
    /// file is independent of the others, so the content loader reads them on separate cores.
    static func keyEntries(name: String, data: Data) throws -> KeyEntries {
        let object = try JSONSerialization.jsonObject(with: data)
        var entries: [String: String] = [:]
        if let questions = (object as? [String: Any])?["questions"] as? [String: Any] {
            for (id, entry) in questions {
                let canonical = try JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys])
                entries[id] = String(decoding: canonical, as: UTF8.self)
            }
        }
        return KeyEntries(file: name, entries: entries)
    }

    /// Digests each question's entries across every key file, the files in name order.
    static func keyDigests(_ files: [KeyEntries]) -> [String: String] {
        var parts: [String: [String]] = [:]
        for file in files.sorted(by: { $0.file < $1.file }) {
            for (id, canonical) in file.entries { parts[id, default: []].append(file.file + "=" + canonical) }
        }
        return parts.mapValues { Secrets.hex(Secrets.digest($0.joined(separator: "\n"))) }
    }
}
