/// Escapes text and attribute values: `& < > " '` become character references, and control characters
/// that HTML forbids (C0 except whitespace, DEL, C1) become U+FFFD so a stray byte cannot break validation.
public enum HTMLEscaping {
    static func append(_ text: String, to buffer: inout [UInt8]) {
        var utf8 = text.utf8.makeIterator()
        var pendingC2 = false
        while let byte = utf8.next() {
            if pendingC2 {
                pendingC2 = false
                if (0x80...0x9F).contains(byte) {
                    buffer.append(contentsOf: replacement)
                } else {
                    buffer.append(0xC2)
                    buffer.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "&"): buffer.append(contentsOf: amp)
            case UInt8(ascii: "<"): buffer.append(contentsOf: lt)
            case UInt8(ascii: ">"): buffer.append(contentsOf: gt)
            case UInt8(ascii: "\""): buffer.append(contentsOf: quot)
            case UInt8(ascii: "'"): buffer.append(contentsOf: apos)
            case 0x09, 0x0A, 0x0C, 0x0D: buffer.append(byte)
            case 0x00...0x1F, 0x7F: buffer.append(contentsOf: replacement)
            case 0xC2: pendingC2 = true
            default: buffer.append(byte)
            }
        }
    }

    /// The escaped form of `text` as a string, for small uses outside the builder (JSON carrying HTML).
    public static func escape(_ text: String) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(text.utf8.count)
        append(text, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    private static let amp = Array("&amp;".utf8)
    private static let lt = Array("&lt;".utf8)
    private static let gt = Array("&gt;".utf8)
    private static let quot = Array("&quot;".utf8)
    private static let apos = Array("&#39;".utf8)
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
}
