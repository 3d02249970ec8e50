/// Content-coding negotiation from `Accept-Encoding` (RFC 9110 §12.5.3), q-values honoured.
///
/// Keeps the field value and scans its bytes when asked: negotiation runs on every page request, and a
/// scan without allocation costs a fraction of splitting the value into strings.
public struct AcceptEncoding: Sendable {
    /// Every `Accept-Encoding` field joined by commas; `nil` when the request has none.
    private let value: String?

    /// Parses a header value; `nil` (header absent) accepts only the identity coding.
    public init(_ headerValue: String?) {
        value = headerValue
    }

    /// Reads every `Accept-Encoding` field of `request`.
    public init(_ request: Request) {
        var joined: String?
        for field in request.headers where Headers.namesEqual(field.name, "Accept-Encoding") {
            joined = joined.map { $0 + "," + field.value } ?? field.value
        }
        value = joined
    }

    /// The client's preference for `coding` (lowercase), from 0 (refused) to 1; a coding the client did not
    /// name gets the `*` entry's value, or 0. `x-gzip` counts as `gzip`; when a coding is listed twice, the
    /// last entry wins.
    public func quality(of coding: String) -> Double {
        guard var value else { return 0 }
        var target = coding
        return target.withUTF8 { wanted in
            value.withUTF8 { bytes in Self.quality(of: wanted, in: bytes) }
        }
    }

    /// Whether a gzip-coded response may be sent.
    public var acceptsGzip: Bool { quality(of: "gzip") > 0 }

    private static func quality(of wanted: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>)
        -> Double
    {
        var explicit: Double?
        var wildcard: Double?
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
            let element = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if let (coding, quality) = entry(element) {
                if isCoding(coding, wanted) {
                    explicit = quality
                } else if coding.count == 1, coding[coding.startIndex] == UInt8(ascii: "*") {
                    wildcard = quality
                }
            }
            start = end + 1
        }
        return explicit ?? wildcard ?? 0
    }

    /// One list element: its coding (trimmed) and quality; `nil` for an empty element.
    private static func entry(_ element: UnsafeBufferPointer<UInt8>) -> (Slice<UnsafeBufferPointer<UInt8>>, Double)? {
        var parts = element.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)[...]
        guard let first = parts.popFirst() else { return nil }
        let coding = ASCII.trimmed(first)
        guard !coding.isEmpty else { return nil }
        var quality = 1.0
        for parameter in parts {
            let trimmed = ASCII.trimmed(parameter)
            guard let equals = trimmed.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = ASCII.trimmed(trimmed[..<equals])
            guard name.count == 1, ASCII.lowercased(name[name.startIndex]) == UInt8(ascii: "q") else { continue }
            quality = qvalue(ASCII.trimmed(trimmed[trimmed.index(after: equals)...])) ?? 0
        }
        return (coding, quality)
    }

    /// Whether `coding` names `wanted` (lowercase) ignoring case, with `x-gzip` standing for `gzip`
    /// (RFC 9110 §8.4.1.3).
    private static func isCoding(_ coding: Slice<UnsafeBufferPointer<UInt8>>, _ wanted: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        let coding = UnsafeBufferPointer(rebasing: coding)
        if coding.count == wanted.count && zip(coding, wanted).allSatisfy({ ASCII.lowercased($0) == $1 }) {
            return true
        }
        return ASCII.equalsIgnoringCase(coding, "x-gzip") && ASCII.equalsIgnoringCase(wanted, "gzip")
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` (RFC 9110 §12.4.2); `nil` otherwise.
    private static func qvalue(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
        guard let first = text.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        let rest = text.dropFirst()
        if rest.isEmpty { return first == UInt8(ascii: "1") ? 1 : 0 }
        let digits = rest.dropFirst()
        guard rest.first == UInt8(ascii: "."), digits.count <= 3,
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        if first == UInt8(ascii: "1") { return digits.allSatisfy { $0 == UInt8(ascii: "0") } ? 1 : nil }
        var thousandths = 0
        for digit in digits { thousandths = thousandths * 10 + Int(digit - UInt8(ascii: "0")) }
        for _ in digits.count..<3 { thousandths *= 10 }
        return Double(thousandths) / 1000
    }
}
