/// Small builders for the JSON Schema (2020-12, as OpenAPI 3.1 uses it) of the API document.
enum OpenAPISchema {
    static let string: JSONValue = ["type": "string"]
    static let boolean: JSONValue = ["type": "boolean"]
    static let integer: JSONValue = ["type": "integer"]
    static let number: JSONValue = ["type": "number"]
    static let dateTime: JSONValue = ["type": "string", "format": "date-time"]
    static let nullableString: JSONValue = ["type": ["string", "null"]]
    static let nullableInteger: JSONValue = ["type": ["integer", "null"]]
    static let nullableNumber: JSONValue = ["type": ["number", "null"]]
    static let nullableDateTime: JSONValue = ["type": ["string", "null"], "format": "date-time"]
    /// A score or share: 0 to 1.
    static let fraction: JSONValue = ["type": "number", "minimum": 0, "maximum": 1]
    /// A database id.
    static let id: JSONValue = ["type": "integer", "minimum": 1]
    /// A display, cohort or token name, exactly as `InputRules.name` accepts it.
    static let name: JSONValue = [
        "type": "string", "minLength": 1, "maxLength": .int(Int64(InputRules.maximumNameLength)),
        "pattern": .string(InputRules.namePattern),
        "description": "1 to 200 characters, not blank, no NUL; leading and trailing white space is removed",
    ]

    /// `{"$ref": "#/components/schemas/NAME"}`.
    static func ref(_ name: String) -> JSONValue {
        ["$ref": .string("#/components/schemas/" + name)]
    }

    /// A reference that may also be `null`.
    static func nullable(_ name: String) -> JSONValue {
        ["oneOf": [ref(name), ["type": "null"]]]
    }

    static func array(_ items: JSONValue) -> JSONValue {
        ["type": "array", "items": items]
    }

    static func enumeration(_ values: [String]) -> JSONValue {
        ["type": "string", "enum": .array(values.map { .string($0) })]
    }

    /// An object whose listed properties are all required unless named in `optional`.
    static func object(_ properties: KeyValuePairs<String, JSONValue>, optional: Set<String> = []) -> JSONValue {
        object(properties.map { ($0.key, $0.value) }, optional: optional)
    }

    /// An object from an array of properties, for schemas assembled from parts.
    static func object(_ properties: [(String, JSONValue)], optional: Set<String> = []) -> JSONValue {
        let required = properties.map(\.0).filter { !optional.contains($0) }
        var members: [JSONValue.Member] = [.init(key: "type", value: "object")]
        if !required.isEmpty { members.append(.init(key: "required", value: .array(required.map { .string($0) }))) }
        members.append(.init(key: "properties", value: .object(properties.map { .init(key: $0.0, value: $0.1) })))
        return .object(members)
    }
}
