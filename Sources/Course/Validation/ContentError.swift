/// One problem found in the course content, located by file and line.
///
/// Printed as `file:line: message`, the form editors and CI logs turn into links.
public struct ContentError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The file name relative to the content directory, e.g. `it.txt` or `languages/it.json`.
    public let file: String
    /// The 1-based line the problem was found on; 1 when it concerns the whole file.
    public let line: Int
    /// What was found and what was expected instead.
    public let message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = max(1, line)
        self.message = message
    }

    public var description: String { "\(file):\(line): \(message)" }
}
