import HTTP

/// The rules for names and codes clients send, shared by the handlers and the OpenAPI document so the
/// document states exactly what is accepted.
enum InputRules {
    /// The longest display, cohort or token name, in Unicode scalars (what SQLite's `length()` counts).
    static let maximumNameLength = 200

    /// Unicode's White_Space property (the characters Foundation's `whitespacesAndNewlines` holds).
    static let whiteSpace: [ClosedRange<UInt32>] = [
        0x09...0x0D, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
        0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
    ]

    /// A name as an ECMA-262 / Python regular expression: no NUL anywhere, at least one non-space character.
    static let namePattern = "^[^\\u0000]*[^\\u0000\(whiteSpaceClass)][^\\u0000]*$"

    /// Text with at least one character that is not white space, as a regular expression (unanchored).
    static let nonBlankPattern: String = "[^\(whiteSpaceClass)]"

    private static var whiteSpaceClass: String {
        whiteSpace.map { range in
            range.count == 1 ? escape(range.lowerBound) : escape(range.lowerBound) + "-" + escape(range.upperBound)
        }.joined()
    }

    /// Bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the
    /// marks U+200E, U+200F, U+061C. In a name they reorder what follows on an admin's screen or in a CSV
    /// cell (a name that displays as something it is not), so names lose them on input.
    static let bidiControls: [ClosedRange<UInt32>] = [0x202A...0x202E, 0x2066...0x2069, 0x200E...0x200F, 0x61C...0x61C]

    /// Validates a name and returns it without bidirectional controls and leading and trailing white space.
    /// - Throws: `HTTPError` 422 naming `field` when it is blank, longer than 200 characters or holds NUL.
    static func name(_ raw: String, field: String) throws(HTTPError) -> String {
        var scalars = raw.unicodeScalars
        scalars.removeAll { scalar in bidiControls.contains { $0.contains(scalar.value) } }
        guard scalars.count <= maximumNameLength, !scalars.contains("\u{0}") else {
            throw APIError.unprocessable(
                "\(field) must be 1 to \(maximumNameLength) characters without NUL", code: "invalid_field")
        }
        guard let first = scalars.firstIndex(where: { !isWhiteSpace($0) }),
            let last = scalars.lastIndex(where: { !isWhiteSpace($0) })
        else { throw APIError.unprocessable("\(field) must not be blank", code: "invalid_field") }
        return String(scalars[first...last])
    }

    /// A language code of the current content.
    /// - Throws: `HTTPError` 422 naming `field` for any other code.
    static func language(_ code: String, _ snapshot: ContentSnapshot, field: String = "language") throws(HTTPError)
        -> String
    {
        guard snapshot.language(code) != nil else {
            throw APIError.unprocessable(
                "\(field) must be one of \(snapshot.languageCodes.joined(separator: ", "))", code: "invalid_field")
        }
        return code
    }

    /// The names of the course's sections: `ch0`…`chN`, `practice`, `appendix`.
    static func sectionNames(_ snapshot: ContentSnapshot) -> [String] {
        guard let course = snapshot.languageCodes.first.flatMap(snapshot.language)?.course else { return [] }
        return course.chapters.map { "ch\($0.number)" } + ["practice", "appendix"]
    }

    /// The chapter numbers of the current content.
    static func chapterNumbers(_ snapshot: ContentSnapshot) -> [Int] {
        snapshot.languageCodes.first.flatMap(snapshot.language)?.course.chapters.map(\.number) ?? []
    }

    static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        whiteSpace.contains { $0.contains(scalar.value) }
    }

    private static func escape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
