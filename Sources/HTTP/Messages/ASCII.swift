/// Byte classes from RFC 9110 §5.6 used by the parser and the serializer.
enum ASCII {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// tchar: `!#$%&'*+-.^_`|~`, digits and letters.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        tokenTable[Int(byte)]
    }

    /// A byte allowed inside a field value: HTAB, SP, VCHAR or obs-text.
    static func isFieldValueCharacter(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 0x20 && byte != 0x7F)
    }

    /// `text` without leading and trailing optional whitespace (SP / HTAB).
    static func trimmed(_ text: Substring) -> Substring {
        var result = text
        while let first = result.utf8.first, first == space || first == tab { result = result.dropFirst() }
        while let last = result.utf8.last, last == space || last == tab { result = result.dropLast() }
        return result
    }

    /// Whether `bytes` spell `lowercase` ignoring ASCII case.
    static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        for index in 0..<bytes.count where lowercased(bytes[index]) != expected[index] { return false }
        return true
    }

    /// `bytes` without leading and trailing optional whitespace (SP / HTAB).
    static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var result = bytes
        while let first = result.first, first == space || first == tab { result = result.dropFirst() }
        while let last = result.last, last == space || last == tab { result = result.dropLast() }
        return result
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    private static let tokenTable: [Bool] = (0..<256).map { value in
        let byte = UInt8(value)
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
