/// A literal marker with one number slot, written `Capitolo {n} · ` in the vocabulary files.
///
/// Literal prefix and suffix around ASCII digits: no regular expressions in the data, and matching is a
/// plain prefix scan.
package struct MarkerPattern: Sendable, Equatable, Hashable, CustomStringConvertible {
    package static let slot = "{n}"

    package let prefix: String
    package let suffix: String

    /// Fails when `pattern` does not hold exactly one `{n}`.
    package init?(_ pattern: String) {
        let parts = pattern.split(separator: MarkerPattern.slot, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        prefix = String(parts[0])
        suffix = String(parts[1])
    }

    package var description: String { prefix + MarkerPattern.slot + suffix }

    /// The pattern with its slot filled, e.g. `Capitolo 3 · `.
    package func render(_ number: Int) -> String { prefix + String(number) + suffix }

    /// The number in `line` and the text after the marker, when `line` starts with this marker.
    package func match(_ line: Substring) -> (number: Int, rest: Substring)? {
        guard line.startsWithMarker(prefix) else { return nil }
        let bytes = line.utf8
        var index = bytes.index(line.startIndex, offsetBy: prefix.utf8.count)
        var number = 0
        var digits = 0
        while index < bytes.endIndex, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            guard digits < 6 else { return nil }
            number = number * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            digits += 1
            index = bytes.index(after: index)
        }
        guard digits > 0 else { return nil }
        let afterNumber = line[index...]
        guard afterNumber.startsWithMarker(suffix) else { return nil }
        return (number, afterNumber.droppingMarker(suffix))
    }
}

extension MarkerPattern: Decodable {
    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let pattern = MarkerPattern(text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected a pattern with exactly one \(MarkerPattern.slot), found \"\(text)\""
                )
            )
        }
        self = pattern
    }
}
