/// Base64url without padding (RFC 4648 §5): join codes and opaque pagination cursors.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// What `decode` accepts, as a regular expression: the alphabet, in a length that is not 1 modulo 4.
    static let pattern = "^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$"

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value: UInt32 = 0
            for byte in chunk { value = value << 8 | UInt32(byte) }
            value <<= UInt32(8 * (3 - chunk.count))
            for position in 0...chunk.count {
                out.append(alphabet[Int(value >> UInt32(18 - 6 * position) & 63)])
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The decoded bytes, or `nil` for text outside the alphabet or of an impossible length (1 mod 4).
    /// Unused low bits of the last character are ignored.
    static func decode(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(characters.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in characters {
            guard let value = sextet(character) else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        return out
    }

    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case 0x41...0x5A: character - 0x41
        case 0x61...0x7A: character - 0x61 + 26
        case 0x30...0x39: character - 0x30 + 52
        case 0x2D: 62
        case 0x5F: 63
        default: nil
        }
    }
}
