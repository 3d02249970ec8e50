import HTTP

/// One access-log line, formatted straight into bytes: the fields and quoting of `Logger.log(.info,
/// "request", …)` (text or JSON), without building a `String` per line.
enum AccessLogLine {
    /// What the line records about one response.
    struct Entry: Sendable {
        var method: Method?
        var path: String?
        var route: String?
        var status: Int
        var bytes: Int
        var duration: Duration
    }

    /// Appends the line for `entry`, newline included.
    static func append(
        _ entry: Entry, format: Configuration.LogFormat, to bytes: inout [UInt8], clock: inout LogClock
    ) {
        let nanoseconds =
            entry.duration.components.seconds * 1_000_000_000
            + entry.duration.components.attoseconds / 1_000_000_000
        switch format {
        case .text:
            bytes.append(contentsOf: "request method=".utf8)
            appendText(entry.method?.rawValue ?? "-", to: &bytes)
            bytes.append(contentsOf: " path=".utf8)
            appendPath(entry, json: false, to: &bytes)
            bytes.append(contentsOf: " status=".utf8)
            LogDigits.append(entry.status, to: &bytes)
            bytes.append(contentsOf: " bytes=".utf8)
            LogDigits.append(entry.bytes, to: &bytes)
            bytes.append(contentsOf: " ms=".utf8)
            appendMilliseconds(nanoseconds: Int(nanoseconds), to: &bytes)
        case .json:
            bytes.append(contentsOf: "{\"time\":\"".utf8)
            clock.appendNow(to: &bytes)
            bytes.append(contentsOf: "\",\"level\":\"info\",\"msg\":\"request\",\"method\":".utf8)
            appendJSON(entry.method?.rawValue ?? "-", to: &bytes)
            bytes.append(contentsOf: ",\"path\":".utf8)
            appendPath(entry, json: true, to: &bytes)
            bytes.append(contentsOf: ",\"status\":\"".utf8)
            LogDigits.append(entry.status, to: &bytes)
            bytes.append(contentsOf: "\",\"bytes\":\"".utf8)
            LogDigits.append(entry.bytes, to: &bytes)
            bytes.append(contentsOf: "\",\"ms\":\"".utf8)
            appendMilliseconds(nanoseconds: Int(nanoseconds), to: &bytes)
            bytes.append(contentsOf: "\"}".utf8)
        }
        bytes.append(0x0A)
    }

    /// The path with secret route parameters redacted (see `AccessLogPath`), quoted as the format needs.
    private static func appendPath(_ entry: Entry, json: Bool, to bytes: inout [UInt8]) {
        var value = entry.path ?? "-"
        if let path = entry.path, let route = entry.route, AccessLogPath.hasSecretParameter(route) {
            value = AccessLogPath.redacted(path: path, route: route)
        }
        if json {
            appendJSON(value, to: &bytes)
        } else {
            appendText(value, to: &bytes)
        }
    }

    /// `%.3f` of the duration in milliseconds, from integer microseconds.
    private static func appendMilliseconds(nanoseconds: Int, to bytes: inout [UInt8]) {
        let microseconds = (max(0, nanoseconds) + 500) / 1000
        LogDigits.append(microseconds / 1000, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        LogDigits.append(microseconds % 1000, width: 3, to: &bytes)
    }

    /// A text-format value: bare, or as a JSON string when empty or holding a space, a quote or a line break.
    private static func appendText(_ value: String, to bytes: inout [UInt8]) {
        let plain =
            !value.isEmpty
            && value.utf8.allSatisfy { byte in
                byte > 0x20 && byte != UInt8(ascii: "\"") && byte < 0x80
            }
        if plain {
            bytes.append(contentsOf: value.utf8)
        } else if value.isEmpty || value.contains(where: { $0 == " " || $0 == "\"" || $0.isNewline }) {
            bytes.append(contentsOf: JSONText.string(value).utf8)
        } else {
            bytes.append(contentsOf: value.utf8)
        }
    }

    /// A JSON string literal, escaped like `JSONText.string`.
    private static func appendJSON(_ value: String, to bytes: inout [UInt8]) {
        let plain = value.utf8.allSatisfy { byte in
            byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte < 0x80
        }
        guard plain else { return bytes.append(contentsOf: JSONText.string(value).utf8) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: value.utf8)
        bytes.append(UInt8(ascii: "\""))
    }
}
