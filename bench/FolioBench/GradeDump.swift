import Course
import Foundation
import Grading

/// Every grade the grader gives to every answer we hold, one line each, so that a change meant to be pure
/// performance can be checked to leave results byte-identical (`folio-bench --dump FILE`, then `diff`).
///
/// Inputs: the fixture answers (in their page language and in every other page language), the tuning set
/// (`Tests/GradingTests/Evaluation/tuning`, never the locked set), the OffTopicTests inputs (every appendix
/// paragraph, the reference plus another paragraph, the whole appendix) and the 4 KiB answers.
struct GradeDump {
    let grader: Grader
    let book: AnswerKeyBook
    let library: CourseLibrary
    private(set) var lines: [String] = []

    init(grader: Grader, book: AnswerKeyBook, library: CourseLibrary) {
        self.grader = grader
        self.book = book
        self.library = library
    }

    /// Grades one answer and records the whole result (or the error) under `label`.
    mutating func record(
        _ label: String, question: String, language: String, answer: String?, choice: String? = nil,
        reference: String? = nil
    ) {
        let head = "\(lines.count)\t\(label)\t\(language)\t\(question)\t\(choice ?? "-")\t\(answer ?? "<nil>")"
        do {
            let grade = try grader.grade(
                questionID: question, language: language, answer: answer, choice: choice, reference: reference)
            let fields = [
                grade.verdict.rawValue, "\(grade.score)", "found=\(grade.found)", "missing=\(grade.missing)",
                "feedback=\(grade.feedback)", "withheld=\(grade.withheld.feedback)|\(grade.withheld.missing)",
                "reason=\(grade.reason.map { "\($0)" } ?? "nil")", "graded=\(grade.gradedLanguage)",
                "reference=\(grade.reference)",
            ]
            lines.append(head + "\n  " + fields.joined(separator: "\n  "))
        } catch {
            lines.append(head + "\n  error \(error.code) \(error.message)")
        }
    }

    /// The fixture answers of `fixtures` (one JSON file per language), graded on every page language.
    mutating func fixtures(_ folder: URL) throws {
        let languages = library.courses.map(\.language.code)
        for code in languages {
            let url = folder.appendingPathComponent(code + ".json")
            guard let data = FileManager.default.contents(atPath: url.path),
                let entries = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
            else { continue }
            for entry in entries {
                guard let question = entry["question"] as? String else { continue }
                let answer = entry["answer"] as? String
                let choice = entry["choice"] as? String
                record("fixture", question: question, language: code, answer: answer, choice: choice)
                for page in languages where page != code {
                    record("fixture-cross", question: question, language: page, answer: answer, choice: choice)
                }
            }
        }
    }

    /// The tuning set's JSON Lines, graded as `folio grade-eval` grades them (blank answers as no answer).
    mutating func tuning(_ folder: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }
        for name in names.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let language = object["language"] as? String, let question = object["question"] as? String
                else { continue }
                let answer = object["answer"] as? String ?? ""
                let choice = (object["choice"] as? String).flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
                record(
                    "tuning", question: question, language: language,
                    answer: answer.allSatisfy(\.isWhitespace) ? nil : answer, choice: choice)
            }
        }
    }

    /// The OffTopicTests inputs and the 4 KiB answers of every language.
    mutating func pasted() {
        for course in library.courses {
            let code = course.language.code
            let paragraphs = course.chapters.map(\.answer.text) + [course.practice.answer.text]
            let appendix = paragraphs.joined(separator: "\n")
            var large = ""
            for paragraph in paragraphs {
                for character in paragraph + "\n" where large.utf8.count + String(character).utf8.count <= 4096 {
                    large.append(character)
                }
            }
            for question in course.questions {
                let own = book.reference(questionID: question.id, language: code)
                record("own", question: question.id, language: code, answer: own)
                for paragraph in paragraphs {
                    record("paragraph", question: question.id, language: code, answer: paragraph)
                    if let own {
                        record("own+paragraph", question: question.id, language: code, answer: own + "\n" + paragraph)
                    }
                }
                record("appendix", question: question.id, language: code, answer: appendix)
                record("4KiB", question: question.id, language: code, answer: large)
            }
        }
    }
}
