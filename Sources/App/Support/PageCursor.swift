/// Opaque keyset-pagination cursors: an id as 8 big-endian bytes in base64url (11 characters).
///
/// Every 11-character base64url string decodes to some position, so a client can never hold a cursor
/// that later fails; anything else is a 400.
enum PageCursor {
    /// What `id(from:)` accepts, as a regular expression.
    static let pattern = "^[A-Za-z0-9_-]{11}$"

    static func encode(_ id: Int64) -> String {
        Base64URL.encode(bytes(id))
    }

    static func id(from cursor: String) -> Int64? {
        guard cursor.utf8.count == 11, let bytes = Base64URL.decode(cursor), bytes.count == 8 else { return nil }
        return integer(bytes[...])
    }

    static func bytes(_ value: Int64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    static func integer(_ bytes: ArraySlice<UInt8>) -> Int64 {
        bytes.reduce(0) { $0 << 8 | Int64($1) }
    }
}
