import Foundation

/// Builds RFC 4180 CSV that spreadsheets open safely.
///
/// Starts with a UTF-8 byte-order mark so Excel picks UTF-8, quotes fields holding commas, quotes or
/// line breaks, and neutralises cells that a spreadsheet would run as a formula (OWASP "CSV injection").
public struct CSVWriter: Sendable {
    private var text = "\u{FEFF}"

    public init() {}

    /// Appends one record, terminated by CRLF.
    public mutating func append(_ fields: [String]) {
        text += fields.map(Self.field).joined(separator: ",")
        text += "\r\n"
    }

    /// The document as UTF-8 bytes, BOM first.
    public var bytes: [UInt8] { Array(text.utf8) }

    static func field(_ value: String) -> String {
        var value = value
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
            value = "'" + value
        }
        let needsQuotes = value.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
