/// Percent-encoding for the data that goes into URLs the pages build (language tags, ids, anchors, queries).
enum URLPath {
    /// `value` encoded for one path segment or fragment: unreserved characters (RFC 3986) stay, the rest is `%XX` of UTF-8.
    static func segment(_ value: String) -> String {
        encode(value, keeping: unreserved)
    }

    /// `value` encoded for a query component (`application/x-www-form-urlencoded`, spaces as `+`).
    static func query(_ value: String) -> String {
        encode(value, keeping: unreserved, spaceAsPlus: true)
    }

    private static func encode(_ value: String, keeping allowed: Set<UInt8>, spaceAsPlus: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if allowed.contains(byte) {
                out.append(byte)
            } else if spaceAsPlus && byte == UInt8(ascii: " ") {
                out.append(UInt8(ascii: "+"))
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hex = Array("0123456789ABCDEF".utf8)
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
}
