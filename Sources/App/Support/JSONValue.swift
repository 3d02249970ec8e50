import HTTP

/// A JSON document as a value, with object keys kept in the order written.
///
/// The learner, cohort and scores APIs answer with it (so `null` fields are explicit, which `Encodable`'s
/// synthesized conformance would drop) and the OpenAPI document is built from it as data.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])

    /// One `"key": value` pair of an object.
    struct Member: Sendable, Equatable {
        var key: String
        var value: JSONValue
    }

    /// `value` or `null`.
    static func optional<T>(_ value: T?, _ transform: (T) -> JSONValue) -> JSONValue {
        value.map(transform) ?? .null
    }

    /// An integer or `null`.
    static func intOrNull(_ value: Int64?) -> JSONValue { optional(value) { .int($0) } }

    /// A string or `null`.
    static func stringOrNull(_ value: String?) -> JSONValue { optional(value) { .string($0) } }

    /// A millisecond timestamp as RFC 3339 text, or `null`.
    static func time(_ milliseconds: Int64?) -> JSONValue {
        optional(milliseconds) { .string(WallClock.iso8601($0)) }
    }

    /// The value of `key` when this is an object that has it.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A copy of this object with `key` set (replaced in place, or appended).
    func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(Member(key: key, value: value))
        }
        return .object(members)
    }

    /// Compact JSON text.
    var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    /// The response carrying this value as `application/json`, never stored by shared caches.
    func response(status: Status = .ok, headers: Headers = Headers()) -> Response {
        var headers = headers
        if !headers.contains("Cache-Control") { headers.add("Cache-Control", "no-store") }
        return Response.json(bytes: Array(text.utf8), status: status, headers: headers)
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? "\(value)" : "null"
        case .string(let value): out += JSONText.string(value)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                out += JSONText.string(member.key)
                out += ":"
                member.value.write(into: &out)
            }
            out += "}"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(nilLiteral: ()) { self = .null }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int64) { self = .int(value) }
    init(floatLiteral value: Double) { self = .double(value) }
    init(stringLiteral value: String) { self = .string(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    /// Keys keep the order they are written in.
    init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { Member(key: $0.0, value: $0.1) })
    }
}
