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

    /// The methods the server understands; any other token is answered with 501 Not Implemented.
    public static let supported: [Method] = [.get, .head, .post, .put, .patch, .delete, .options]

    /// The supported method spelled by `bytes`, without allocating.
    static func supported(matching bytes: UnsafeBufferPointer<UInt8>) -> Method? {
        switch bytes.count {
        case 3:
            if bytes.elementsEqual("GET".utf8) { return .get }
            if bytes.elementsEqual("PUT".utf8) { return .put }
        case 4:
            if bytes.elementsEqual("POST".utf8) { return .post }
            if bytes.elementsEqual("HEAD".utf8) { return .head }
        case 5:
            if bytes.elementsEqual("PATCH".utf8) { return .patch }
        case 6:
            if bytes.elementsEqual("DELETE".utf8) { return .delete }
        case 7:
            if bytes.elementsEqual("OPTIONS".utf8) { return .options }
        default:
            break
        }
        return nil
    }
}
