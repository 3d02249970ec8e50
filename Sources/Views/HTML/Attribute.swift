/// One HTML attribute; its value is escaped when rendered, a `nil` value renders as a boolean attribute.
public struct Attribute: Sendable, Equatable {
    /// The attribute name, e.g. `class` or `aria-live`.
    public let name: String
    /// The unescaped value, or `nil` for a boolean attribute such as `hidden`.
    public let value: String?

    /// An attribute by name; names come from code (`[a-z0-9-]`), values may come from anywhere.
    public init(_ name: String, _ value: String?) {
        precondition(name.isEmpty || HTMLName.isValid(name), "invalid attribute name \(name)")
        self.name = name
        self.value = value
    }

    /// An attribute that renders nothing; lets a conditional attribute sit in a literal list.
    public static let none = Attribute("", nil)

    var isNone: Bool { name.isEmpty }

    /// `attribute` when `condition` holds, otherwise nothing.
    public static func when(_ condition: Bool, _ attribute: Attribute) -> Attribute {
        condition ? attribute : .none
    }

    public static func `class`(_ value: String) -> Attribute { Attribute("class", value) }
    public static func id(_ value: String) -> Attribute { Attribute("id", value) }
    public static func href(_ value: String) -> Attribute { Attribute("href", value) }
    public static func lang(_ value: String) -> Attribute { Attribute("lang", value) }
    public static func hreflang(_ value: String) -> Attribute { Attribute("hreflang", value) }
    public static func name(_ value: String) -> Attribute { Attribute("name", value) }
    public static func type(_ value: String) -> Attribute { Attribute("type", value) }
    public static func value(_ value: String) -> Attribute { Attribute("value", value) }
    public static func `for`(_ value: String) -> Attribute { Attribute("for", value) }
    public static func title(_ value: String) -> Attribute { Attribute("title", value) }
    public static func aria(_ name: String, _ value: String) -> Attribute { Attribute("aria-" + name, value) }
    public static func data(_ name: String, _ value: String) -> Attribute { Attribute("data-" + name, value) }
    public static let hidden = Attribute("hidden", nil)
    public static let required = Attribute("required", nil)
    public static let checked = Attribute("checked", nil)
}
