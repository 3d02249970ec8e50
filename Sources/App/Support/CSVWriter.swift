import Foundation

/// Builds RFC 4180 CSV that spreadsheets open safely.
///
/// Starts with a UTF-8 byte-order mark so Excel picks UTF-8, quotes fields holding commas, semicolons,
/// quotes or line breaks, and neutralises cells that a spreadsheet would run as a formula (OWASP "CSV
/// injection"): a `'` goes before a leading `=` `+` `-` `@` tab or CR, in every field and after every
/// separator a spreadsheet might split on (`,` `;` tab, line breaks), because a spreadsheet whose list
/// separator is `;` ignores the comma-file's quotes and would start a cell there.
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

    /// Characters that make a spreadsheet read a cell as a formula when they open it.
    private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]
    /// Characters after which a spreadsheet may start a new cell.
    private static let separators: Set<Unicode.Scalar> = [",", ";", "\t", "\r", "\n"]

    static func field(_ value: String) -> String {
        var output = String.UnicodeScalarView()
        var cellStart = true
        var needsQuotes = false
        for scalar in value.unicodeScalars {
            if cellStart, formulaStarts.contains(scalar) { output.append("'") }
            if scalar != " " { cellStart = separators.contains(scalar) }
            if scalar == "," || scalar == ";" || scalar == "\"" || scalar == "\r" || scalar == "\n" {
                needsQuotes = true
            }
            output.append(scalar)
            if scalar == "\"" { output.append("\"") }
        }
        let neutralised = String(output)
        return needsQuotes ? "\"" + neutralised + "\"" : neutralised
    }
}
