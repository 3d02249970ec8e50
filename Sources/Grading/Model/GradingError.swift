/// Everything that can go wrong in the Grading module, shaped for its two catchers: the key loader
/// (which file and question are wrong) and the HTTP layer (unknown language or question → 404,
/// unknown choice → 422).
public struct GradingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is; the HTTP layer maps it to a status.
    public enum Code: String, Sendable, Equatable {
        /// A key file could not be read.
        case unreadableFile
        /// A key file is not valid JSON or breaks a rule of the key format.
        case invalidKey
        /// The language has no key file.
        case unknownLanguage
        /// The question has no key.
        case unknownQuestion
        /// The chosen option is not one of the question's options.
        case unknownChoice
    }

    public let code: Code
    /// The key file at fault (`keys.json`, `it.json`), when there is one.
    public let file: String?
    /// The line of `file` at fault, for the line-based data files (`hans-hant.txt`).
    public let line: Int?
    /// The question at fault, when there is one.
    public let question: String?
    public let message: String

    public init(_ code: Code, file: String? = nil, line: Int? = nil, question: String? = nil, _ message: String) {
        self.code = code
        self.file = file
        self.line = line
        self.question = question
        self.message = message
    }

    /// `file:line: question: message`, leaving out the parts that are not known.
    public var description: String {
        let place = file.map { file in line.map { "\(file):\($0)" } ?? file }
        return [place, question, message].compactMap { $0 }.joined(separator: ": ")
    }
}
