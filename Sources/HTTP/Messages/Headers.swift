/// An ordered list of header fields with case-insensitive lookup (RFC 9110 §5).
///
/// Order and repetition are kept as received; `subscript` reads the first field of a name. Values added by
/// the application have CR, LF and NUL replaced by spaces, so a value taken from user input cannot inject a
/// header line.
public struct Headers: Sendable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header line.
    public typealias Field = (name: String, value: String)

    private(set) var fields: [Field]

    /// Creates an empty header list.
    public init() {
        fields = []
    }

    /// Creates headers from already validated fields (the parser's output).
    init(validatedFields: [Field]) {
        fields = validatedFields
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = []
        fields.reserveCapacity(elements.count)
        for (name, value) in elements { add(name, value) }
    }

    /// The number of fields, counting repeated names separately.
    public var count: Int { fields.count }

    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value for `name` (case-insensitive); setting replaces every field of that name, `nil` removes.
    public subscript(name: String) -> String? {
        get {
            for field in fields where Headers.namesEqual(field.name, name) { return field.value }
            return nil
        }
        set {
            guard let newValue else {
                remove(name)
                return
            }
            let value = Headers.sanitized(newValue)
            var replaced = false
            var result: [Field] = []
            result.reserveCapacity(fields.count)
            for field in fields {
                if !Headers.namesEqual(field.name, name) {
                    result.append(field)
                } else if !replaced {
                    result.append((field.name, value))
                    replaced = true
                }
            }
            if replaced { fields = result } else { add(name, value) }
        }
    }

    /// Every value of `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Headers.namesEqual($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Headers.namesEqual($0.name, name) }
    }

    /// Appends a field; repeated names are kept.
    ///
    /// Header names are programmer-chosen constants, so an invalid one (not an RFC 9110 token) is a
    /// precondition failure rather than a thrown error.
    public mutating func add(_ name: String, _ value: String) {
        precondition(Headers.isToken(name), "invalid header name \(name)")
        fields.append((name, Headers.sanitized(value)))
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Headers.namesEqual($0.name, name) }
    }

    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    /// Whether a comma-separated header (e.g. `Connection`) lists `token`, case-insensitively.
    func containsToken(_ token: StaticString, in name: StaticString) -> Bool {
        let wanted = UnsafeBufferPointer(start: token.utf8Start, count: token.utf8CodeUnitCount)
        for field in fields where Headers.namesEqual(field.name, name.description) {
            var value = field.value
            let found = value.withUTF8 { bytes in
                var elementStart = 0
                for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: ",") {
                    var first = elementStart
                    var last = index
                    while first < last && (bytes[first] == ASCII.space || bytes[first] == ASCII.tab) { first += 1 }
                    while last > first && (bytes[last - 1] == ASCII.space || bytes[last - 1] == ASCII.tab) { last -= 1 }
                    if last - first == wanted.count
                        && zip(bytes[first..<last], wanted).allSatisfy({ ASCII.lowercased($0) == ASCII.lowercased($1) })
                    {
                        return true
                    }
                    elementStart = index + 1
                }
                return false
            }
            if found { return true }
        }
        return false
    }

    /// ASCII case-insensitive comparison of two header names.
    ///
    /// Compares contiguous bytes: every header lookup calls it once per field, and iterating two
    /// `String.UTF8View`s in step is several times slower.
    static func namesEqual(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                for index in 0..<left.count where ASCII.lowercased(left[index]) != ASCII.lowercased(right[index]) {
                    return false
                }
                return true
            }
        }
    }

    static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(ASCII.isTokenCharacter)
    }

    private static func sanitized(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else { return value }
        return String(decoding: value.utf8.map { $0 == 0x0D || $0 == 0x0A || $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
    }
}
