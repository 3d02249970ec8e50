import HTTP
import Views

/// The cohort fields clients send (`name`, `due_date`, `required`), parsed from JSON or console forms and
/// validated against the current content: 422 naming the field for anything else.
struct CohortPlanInput: Decodable, Sendable {
    /// The new name, when sent.
    var name: String?
    /// Sent (`.some`): a date, or `nil` to clear it; absent (`nil`): unchanged (the default: none).
    var dueDate: String??
    /// Sent: the section names; absent: unchanged (the default: every chapter and the practice).
    var required: [String]?

    enum CodingKeys: String, CodingKey {
        case name
        case dueDate = "due_date"
        case required
    }

    init(name: String?, dueDate: String??, required: [String]?) {
        self.name = name
        self.dueDate = dueDate
        self.required = required
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // A key that is present must hold its type: `null` is refused (422), not read as absent.
        if container.contains(.name) { name = try container.decode(String.self, forKey: .name) }
        if container.contains(.dueDate) {
            dueDate = .some(
                try container.decodeNil(forKey: .dueDate)
                    ? nil : try container.decode(String.self, forKey: .dueDate))
        }
        if container.contains(.required) { required = try container.decode([String].self, forKey: .required) }
    }

    /// `plan` with the sent fields applied.
    /// - Throws: `HTTPError` 422 naming `due_date` or `required`.
    func applied(to plan: CohortPlan, chapters: [Int]) throws(HTTPError) -> CohortPlan {
        var plan = plan
        if let dueDate {
            plan.dueDate = try dueDate.map { text throws(HTTPError) in try Self.dueDate(text) }
        }
        if let required {
            switch CohortPlan.parseRequired(required, chapters: chapters) {
            case .success(let sections):
                plan.required = sections == CohortPlan.requirableSections(chapters: chapters) ? nil : sections
            case .failure(.unknown(let name)):
                throw APIError.unprocessable(
                    "required: '\(name.prefix(40))' is not a section; use ch0…ch\(chapters.last ?? 0) or practice",
                    code: "invalid_field")
            case .failure(.empty):
                throw APIError.unprocessable("required must name at least one section", code: "invalid_field")
            }
        }
        return plan
    }

    /// A `YYYY-MM-DD` calendar day.
    /// - Throws: `HTTPError` 422 naming `due_date`.
    static func dueDate(_ text: String) throws(HTTPError) -> DueDate {
        guard let date = DueDate(text) else {
            throw APIError.unprocessable("due_date must be a date as YYYY-MM-DD", code: "invalid_field")
        }
        return date
    }

    /// The fields of a console form: `due_date` (empty clears it) and one `required` checkbox per section.
    init(form: FormBody, includesRequired: Bool) {
        name = form["name"]
        let due = form["due_date"] ?? ""
        dueDate = .some(due.isEmpty ? nil : due)
        required = includesRequired ? form.values("required") : nil
    }
}
