/// Why Views could not prepare something from data (today: a UI strings file).
public struct ViewsError: Error, Sendable, CustomStringConvertible {
    /// The file or resource at fault, e.g. `Content/ui/ja.json`.
    public var source: String
    public var message: String

    public init(source: String, message: String) {
        self.source = source
        self.message = message
    }

    public var description: String { "\(source): \(message)" }
}
