/// A POST form for the console, always carrying the CSRF token as the hidden field `csrf`.
public struct AdminForm: Sendable {
    /// One labelled control.
    public struct Field: Sendable {
        public enum Control: Sendable {
            case text, password, number
            /// A select with `(value, label)` options.
            case select([(value: String, label: String)])
        }

        public var name: String
        public var label: String
        public var control: Control
        public var value: String
        public var required: Bool

        public init(name: String, label: String, control: Control = .text, value: String = "", required: Bool = false) {
            self.name = name
            self.label = label
            self.control = control
            self.value = value
            self.required = required
        }
    }

    public var id: String
    public var action: String
    public var csrfToken: String
    public var fields: [Field]
    public var submitLabel: String

    public init(id: String, action: String, csrfToken: String, fields: [Field], submitLabel: String) {
        self.id = id
        self.action = action
        self.csrfToken = csrfToken
        self.fields = fields
        self.submitLabel = submitLabel
    }

    public func node() -> Node {
        .form(.id(id), .class("admin-form"), Attribute("method", "post"), Attribute("action", action)) {
            Node.input(.type("hidden"), .name("csrf"), .value(csrfToken))
            for field in fields {
                let controlID = id + "-" + field.name
                Node.div(.class("admin-field")) {
                    Node.label(.for(controlID)) { field.label }
                    control(field, id: controlID)
                }
            }
            Node.button(.type("submit")) { submitLabel }
        }
    }

    private func control(_ field: Field, id: String) -> Node {
        switch field.control {
        case .text, .password, .number:
            let type: String
            switch field.control {
            case .password: type = "password"
            case .number: type = "number"
            default: type = "text"
            }
            return .input(
                .type(type), .id(id), .name(field.name), .value(field.value), .when(field.required, .required))
        case .select(let options):
            return .element("select", [.id(id), .name(field.name), .when(field.required, .required)]) {
                for option in options {
                    Node.element(
                        "option",
                        [.value(option.value), .when(option.value == field.value, Attribute("selected", nil))]
                    ) {
                        option.label
                    }
                }
            }
        }
    }
}
