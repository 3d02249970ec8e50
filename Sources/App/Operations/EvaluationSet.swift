import Foundation

/// A verdict as a teacher labels an evaluation answer and as the grader returns it.
public enum EvaluationVerdict: String, Sendable, CaseIterable, Comparable {
    case correct, partial, incorrect

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// One labelled learner answer of an evaluation file, with where it came from.
public struct EvaluationItem: Sendable, Equatable {
    public let file: String
    public let line: Int
    public let language: String
    public let question: String
    public let answer: String
    public let choice: String?
    public let expect: EvaluationVerdict

    public init(
        file: String, line: Int, language: String, question: String, answer: String, choice: String? = nil,
        expect: EvaluationVerdict
    ) {
        self.file = file
        self.line = line
        self.language = language
        self.question = question
        self.answer = answer
        self.choice = choice
        self.expect = expect
    }

    /// `FILE:LINE`, the prefix of every message about this item.
    public var location: String { "\(file):\(line)" }
}

/// A line of an evaluation file that is not a labelled answer; `description` is `FILE:LINE: message`.
public struct EvaluationLineError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let message: String

    public var description: String { "\(file):\(line): \(message)" }
}

/// Parses evaluation files: JSON Lines of `{"language","question","answer","expect"}`, with an optional
/// `"choice"` and `"note"`; blank lines are skipped.
public enum EvaluationSet {
    /// The items of one file's text, and one error per malformed line.
    public static func parse(_ text: String, file: String) -> (items: [EvaluationItem], errors: [EvaluationLineError]) {
        var items: [EvaluationItem] = []
        var errors: [EvaluationLineError] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !content.isEmpty else { continue }
            switch parseLine(content, file: file, line: index + 1) {
            case .success(let item): items.append(item)
            case .failure(let error): errors.append(error)
            }
        }
        return (items, errors)
    }

    private static func parseLine(_ text: String, file: String, line: Int) -> Result<
        EvaluationItem, EvaluationLineError
    > {
        func failure(_ message: String) -> Result<EvaluationItem, EvaluationLineError> {
            .failure(EvaluationLineError(file: file, line: line, message: message))
        }
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                return failure("not a JSON object")
            }
            object = parsed
        } catch {
            return failure("not valid JSON")
        }
        var fields: [String: String] = [:]
        for key in ["language", "question", "expect"] {
            guard let value = object[key] else { return failure("missing \"\(key)\"") }
            guard let string = value as? String, !string.isEmpty else {
                return failure("\"\(key)\" is not a non-empty string")
            }
            fields[key] = string
        }
        for key in ["answer", "choice", "note"] {
            guard let value = object[key], !(value is NSNull) else { continue }
            guard let string = value as? String else { return failure("\"\(key)\" is not a string") }
            fields[key] = string
        }
        guard let expect = fields["expect"].flatMap(EvaluationVerdict.init(rawValue:)) else {
            return failure("\"expect\" is \"\(fields["expect"] ?? "")\", not correct, partial or incorrect")
        }
        let answer = fields["answer"] ?? ""
        let choice = fields["choice"].flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        guard !answer.allSatisfy(\.isWhitespace) || choice != nil else {
            return failure("neither an \"answer\" nor a \"choice\"")
        }
        return .success(
            EvaluationItem(
                file: file, line: line, language: fields["language"] ?? "", question: fields["question"] ?? "",
                answer: answer, choice: choice, expect: expect))
    }
}
