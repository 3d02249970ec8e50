/// Why Views could not prepare something from data (today: a UI strings file).
public struct ViewsError: Error, Sendable, CustomStringConvertible {
    /// The file or resource at fault, e.g. `Content/ui/ja.json`.
    public var source: String
    /// What is wrong, for the operator.
    public var message: String

    /// An error about `source`.
    public init(source: String, message: String) {
        self.source = source
        self.message = message
    }

    /// `source: message`, as logged.
    public var description: String { "\(source): \(message)" }
}
