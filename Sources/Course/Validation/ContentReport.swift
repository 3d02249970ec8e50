/// Every error found while loading the content: the load either returns a complete library or throws this.
public struct ContentReport: Error, Sendable, Equatable, CustomStringConvertible {
    /// The errors, ordered by file and line.
    public let errors: [ContentError]

    public init(errors: [ContentError]) {
        self.errors = errors.sorted { ($0.file, $0.line, $0.message) < ($1.file, $1.line, $1.message) }
    }

    /// The report as printed by `folio check-content`: one `file:line: message` per line and a count.
    public func render() -> String {
        var text = errors.map(\.description).joined(separator: "\n")
        if !text.isEmpty { text += "\n" }
        text += errors.count == 1 ? "1 error\n" : "\(errors.count) errors\n"
        return text
    }

    public var description: String { render() }
}
