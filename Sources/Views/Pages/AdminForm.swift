/// A POST form for the console, always carrying the CSRF token as the hidden field `csrf`.
public struct AdminForm: Sendable {
    /// One labelled control.
    public struct Field: Sendable {
        /// The kind of input a field renders.
        public enum Control: Sendable {
            case text, password, number
            /// A select with `(value, label)` options.
            case select([(value: String, label: String)])
        }

        /// The field's form name, posted with its value.
        public var name: String
        /// The text of the field's `<label>`.
        public var label: String
        /// The input it renders.
        public var control: Control
        /// The value shown again, e.g. after a rejected submission.
        public var value: String
        /// Whether the browser must refuse an empty value.
        public var required: Bool

        /// A text field unless `control` says otherwise, empty and optional by default.
        public init(name: String, label: String, control: Control = .text, value: String = "", required: Bool = false) {
            self.name = name
            self.label = label
            self.control = control
            self.value = value
            self.required = required
        }
    }

    /// The form's element id, for links and tests.
    public var id: String
    /// The path the form posts to.
    public var action: String
    /// The session's CSRF token, sent as the hidden field `csrf`.
    public var csrfToken: String
    /// The controls in order.
    public var fields: [Field]
    /// The submit button's text.
    public var submitLabel: String

    /// A form from its parts.
    public init(id: String, action: String, csrfToken: String, fields: [Field], submitLabel: String) {
        self.id = id
        self.action = action
        self.csrfToken = csrfToken
        self.fields = fields
        self.submitLabel = submitLabel
    }

    /// The form's markup, every value escaped.
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
