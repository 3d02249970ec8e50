#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP request method (RFC 9110 §9).
///
/// Any token is representable so routes can be registered for extension methods; the parser only produces
/// the methods in `Method.supported` and answers 501 for the rest.
public struct Method: Sendable, Hashable, CustomStringConvertible {
    /// The method token as sent on the wire, e.g. `GET`.
    public let rawValue: String

    /// Creates a method from its token; methods are case-sensitive.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let get = Method("GET")
    public static let head = Method("HEAD")
    public static let post = Method("POST")
    public static let put = Method("PUT")
    public static let patch = Method("PATCH")
    public static let delete = Method("DELETE")
    public static let options = Method("OPTIONS")
    public static let trace = Method("TRACE")
    public static let connect = Method("CONNECT")
    public static let query = Method("QUERY")

    /// The methods the server understands; any other token is answered with 501 Not Implemented.
    ///
    /// TRACE and CONNECT (RFC 9110 §9.3) and QUERY (the IETF's safe-query method) are recognised so that a
    /// path answers them with 405 and `Allow` like any other method it does not route, rather than 501.
    public static let supported: [Method] = [
        .get, .head, .post, .put, .patch, .delete, .options, .trace, .connect, .query,
    ]

    /// The supported method spelled by `bytes`, without allocating.
    static func supported(matching bytes: UnsafeBufferPointer<UInt8>) -> Method? {
        func spells(_ text: StaticString) -> Bool {
            guard text.utf8CodeUnitCount == bytes.count, let base = bytes.baseAddress else { return false }
            return memcmp(text.utf8Start, base, bytes.count) == 0
        }
        switch bytes.first {
        case UInt8(ascii: "G"): return spells("GET") ? .get : nil
        case UInt8(ascii: "H"): return spells("HEAD") ? .head : nil
        case UInt8(ascii: "P"):
            if spells("POST") { return .post }
            if spells("PUT") { return .put }
            return spells("PATCH") ? .patch : nil
        case UInt8(ascii: "D"): return spells("DELETE") ? .delete : nil
        case UInt8(ascii: "O"): return spells("OPTIONS") ? .options : nil
        case UInt8(ascii: "T"): return spells("TRACE") ? .trace : nil
        case UInt8(ascii: "Q"): return spells("QUERY") ? .query : nil
        case UInt8(ascii: "C"): return spells("CONNECT") ? .connect : nil
        default: return nil
        }
    }
}
