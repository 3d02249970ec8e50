import Views

extension CourseSection {
    /// The section for its stored and API name (`ch3`, `practice`, `appendix`); `nil` for anything else.
    ///
    /// The one place a section name is parsed: requests and database rows both come through here.
    init?(name: String) {
        switch name {
        case "practice": self = .practice
        case "appendix": self = .appendix
        default:
            let digits = name.utf8.dropFirst(2)
            guard name.hasPrefix("ch"), (1...3).contains(digits.count),
                digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let number = Int(name.dropFirst(2))
            else { return nil }
            self = .chapter(number)
        }
    }

    /// The language-neutral name stored in the database and shown by the APIs: `ch3`, `practice`, `appendix`.
    var name: String {
        switch self {
        case .chapter(let number): "ch\(number)"
        case .appendix: "appendix"
        case .practice: "practice"
        }
    }
}
