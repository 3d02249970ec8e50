import Foundation

/// A Swift value sent as a bound parameter, in PostgreSQL's text format with an explicit type.
public protocol PostgreSQLBindable: Sendable {
    /// The parameter's type OID (`int8`, `text`, `float8`, `bool`, `bytea`).
    static var postgreSQLType: UInt32 { get }
    /// The value in PostgreSQL's text format; `nil` is SQL NULL.
    var postgreSQLText: String? { get }
}

/// A Swift value read from a column in PostgreSQL's text format.
public protocol PostgreSQLDecodable {
    /// Decodes a column's text; `nil` is SQL NULL (an error unless the type is optional).
    init(postgreSQLText text: String?) throws(PostgreSQLError)
}

/// Type OIDs from `pg_type` for the types Folio binds.
enum TypeOID {
    static let bool: UInt32 = 16
    static let bytea: UInt32 = 17
    static let int8: UInt32 = 20
    static let text: UInt32 = 25
    static let float8: UInt32 = 701
}

extension PostgreSQLDecodable {
    static func required(_ text: String?) throws(PostgreSQLError) -> String {
        guard let text else {
            throw PostgreSQLError(kind: .decoding, message: "NULL where \(Self.self) was expected")
        }
        return text
    }

    static func mismatch(_ text: String) -> PostgreSQLError {
        PostgreSQLError(kind: .decoding, message: "a \(text.count)-character value is not a \(Self.self)")
    }
}

extension Int64: PostgreSQLBindable, PostgreSQLDecodable {
    public static var postgreSQLType: UInt32 { TypeOID.int8 }
    public var postgreSQLText: String? { String(self) }
    public init(postgreSQLText text: String?) throws(PostgreSQLError) {
        let text = try Self.required(text)
        guard let value = Int64(text) else { throw Self.mismatch(text) }
        self = value
    }
}

extension Int: PostgreSQLBindable, PostgreSQLDecodable {
    public static var postgreSQLType: UInt32 { TypeOID.int8 }
    public var postgreSQLText: String? { String(self) }
    public init(postgreSQLText text: String?) throws(PostgreSQLError) {
        let text = try Self.required(text)
        guard let value = Int(text) else { throw Self.mismatch(text) }
        self = value
    }
}

extension Double: PostgreSQLBindable, PostgreSQLDecodable {
    public static var postgreSQLType: UInt32 { TypeOID.float8 }
    public var postgreSQLText: String? { "\(self)" }
    public init(postgreSQLText text: String?) throws(PostgreSQLError) {
        let text = try Self.required(text)
        guard let value = Double(text) else { throw Self.mismatch(text) }
        self = value
    }
}

extension String: PostgreSQLBindable, PostgreSQLDecodable {
    public static var postgreSQLType: UInt32 { TypeOID.text }
    public var postgreSQLText: String? { self }
    public init(postgreSQLText text: String?) throws(PostgreSQLError) {
        self = try Self.required(text)
    }
}

extension Bool: PostgreSQLBindable, PostgreSQLDecodable {
    public static var postgreSQLType: UInt32 { TypeOID.bool }
    public var postgreSQLText: String? { self ? "t" : "f" }
    public init(postgreSQLText text: String?) throws(PostgreSQLError) {
        switch try Self.required(text) {
        case "t": self = true
        case "f": self = false
        case let other: throw Self.mismatch(other)
        }
    }
}

/// `bytea`: sent and read in the hex format (`\x0a1b…`).
extension [UInt8]: PostgreSQLBindable, PostgreSQLDecodable {
    public static var postgreSQLType: UInt32 { TypeOID.bytea }
    public var postgreSQLText: String? {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "x")]
        text.reserveCapacity(2 + count * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
    public init(postgreSQLText text: String?) throws(PostgreSQLError) {
        let text = try Self.required(text)
        let utf8 = Array(text.utf8)
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "\\"), utf8[1] == UInt8(ascii: "x"), utf8.count % 2 == 0
        else { throw Self.mismatch(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((utf8.count - 2) / 2)
        var index = 2
        while index < utf8.count {
            guard let high = Self.nibble(utf8[index]), let low = Self.nibble(utf8[index + 1]) else {
                throw Self.mismatch(text)
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        self = bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Optional: PostgreSQLBindable where Wrapped: PostgreSQLBindable {
    public static var postgreSQLType: UInt32 { Wrapped.postgreSQLType }
    public var postgreSQLText: String? { self?.postgreSQLText }
}

extension Optional: PostgreSQLDecodable where Wrapped: PostgreSQLDecodable {
    public init(postgreSQLText text: String?) throws(PostgreSQLError) {
        guard let text else {
            self = .none
            return
        }
        self = .some(try Wrapped(postgreSQLText: text))
    }
}
