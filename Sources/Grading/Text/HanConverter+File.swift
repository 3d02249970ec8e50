/// Reading the shipped table: `#` comment lines, blank lines, and one `Simplified<TAB>Traditional` pair a line.
extension HanConverter {
    static let fileName = "hans-hant.txt"

    /// Parses the table file; every problem names the file and line.
    ///
    /// - Throws: `GradingError` (`invalidKey`) for bytes that are not UTF-8, a line that is not two characters
    ///   separated by a tab, a source outside U+4E00–U+9FFF, a target that is not a Han character, a character
    ///   mapped to itself or mapped twice.
    static func parse(_ data: some Sequence<UInt8>, file: String = fileName) throws(GradingError) -> HanConverter {
        let bytes = Array(data)
        var changes: [(source: UInt32, target: UInt32)] = []
        var seen: [UInt32: Int] = [:]
        var number = 0
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            func fail(_ message: String) -> GradingError {
                GradingError(.invalidKey, file: file, line: number, message)
            }
            let lineBytes = rawLine.last == 0x0D ? rawLine.dropLast() : rawLine[...]
            guard let line = String(validating: lineBytes, as: UTF8.self) else { throw fail("not UTF-8 text") }
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.unicodeScalars.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2, fields[0].count == 1, fields[1].count == 1,
                let source = fields[0].first?.value, let target = fields[1].first?.value
            else {
                throw fail("expected one Simplified character, a tab and one Traditional character: \"\(line)\"")
            }
            guard block.contains(source) else {
                throw fail("\(describe(source)) is outside the table's block U+4E00–U+9FFF")
            }
            guard isIdeograph(target) else { throw fail("\(describe(target)) is not a Han character") }
            guard source != target else {
                throw fail("\(describe(source)) maps to itself; list only characters that change")
            }
            if let previous = seen[source] {
                throw fail("\(describe(source)) is already mapped on line \(previous)")
            }
            seen[source] = number
            changes.append((source, target))
        }
        return HanConverter(changes: changes)
    }

    /// CJK Unified Ideographs (the block and its extensions A–I) and the compatibility ideographs.
    private static func isIdeograph(_ value: UInt32) -> Bool {
        (CharacterClass.isHan(value) && value != 0x3005 && value != 0x3007) || (0x2_0000...0x3_FFFF).contains(value)
    }

    private static func describe(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        guard let scalar = Unicode.Scalar(value), !scalar.properties.isWhitespace, scalar.value >= 0x20 else {
            return code
        }
        return "\(code) \(scalar)"
    }
}
