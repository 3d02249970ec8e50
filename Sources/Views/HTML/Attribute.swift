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

    /// `class`: space-separated CSS class names.
    public static func `class`(_ value: String) -> Attribute { Attribute("class", value) }
    /// `id`: the element's unique id, also a link fragment target.
    public static func id(_ value: String) -> Attribute { Attribute("id", value) }
    /// `href`: a link target; build paths with `URLPath` so segments are percent-encoded.
    public static func href(_ value: String) -> Attribute { Attribute("href", value) }
    /// `lang`: the BCP 47 language of the element's text.
    public static func lang(_ value: String) -> Attribute { Attribute("lang", value) }
    /// `hreflang`: the language of the linked page.
    public static func hreflang(_ value: String) -> Attribute { Attribute("hreflang", value) }
    /// `name`: a form control's field name.
    public static func name(_ value: String) -> Attribute { Attribute("name", value) }
    /// `type`: an input's or button's kind.
    public static func type(_ value: String) -> Attribute { Attribute("type", value) }
    /// `value`: a form control's value.
    public static func value(_ value: String) -> Attribute { Attribute("value", value) }
    /// `for`: the id of the control a label labels.
    public static func `for`(_ value: String) -> Attribute { Attribute("for", value) }
    /// `title`: advisory text, shown as a tooltip.
    public static func title(_ value: String) -> Attribute { Attribute("title", value) }
    /// `aria-{name}`: accessibility state or property.
    public static func aria(_ name: String, _ value: String) -> Attribute { Attribute("aria-" + name, value) }
    /// `data-{name}`: data read by the page's script.
    public static func data(_ name: String, _ value: String) -> Attribute { Attribute("data-" + name, value) }
    /// `hidden`: not rendered until a script shows it.
    public static let hidden = Attribute("hidden", nil)
    /// `required`: the form cannot be sent without a value.
    public static let required = Attribute("required", nil)
    /// `checked`: the radio button or checkbox is selected.
    public static let checked = Attribute("checked", nil)
}
