import Foundation
import HTTP

/// An `application/x-www-form-urlencoded` request body, decoded (`+` as space, percent-escapes as UTF-8).
struct FormBody {
    private var fields: [(String, String)] = []

    init(_ request: Request) {
        let text = String(decoding: request.body, as: UTF8.self)
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            fields.append((name, value))
        }
    }

    /// The first value of field `name`; `nil` when absent.
    subscript(name: String) -> String? {
        fields.first { $0.0 == name }?.1
    }

    /// Every value of field `name`, in order (repeated checkboxes).
    func values(_ name: String) -> [String] {
        fields.filter { $0.0 == name }.map(\.1)
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
