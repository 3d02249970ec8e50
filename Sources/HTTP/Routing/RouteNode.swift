/// One level of the routing tree: literal children, at most one `:parameter` child, and handlers for the
/// path ending here or (for `*`) anywhere below.
struct RouteNode: Sendable {
    struct Entry: Sendable {
        let handler: Handler
        let pattern: String
    }

    /// What a pattern segment means.
    enum Segment: Equatable {
        case literal(String)
        case parameter(String)
        case wildcard
    }

    private var literals: [String: RouteNode] = [:]
    private var parameterName: String?
    private var parameterChild: [RouteNode] = []
    private(set) var handlers: [Method: Entry] = [:]
    private(set) var wildcardHandlers: [Method: Entry] = [:]

    /// Splits `/a/:b/*` into segments; malformed patterns are programmer errors.
    static func segments(of pattern: String) -> [Segment] {
        precondition(pattern.hasPrefix("/"), "route pattern must start with /: \(pattern)")
        let parts = pattern.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return parts.enumerated().map { index, part in
            if part == "*" {
                precondition(index == parts.count - 1, "* must be the last segment: \(pattern)")
                return .wildcard
            }
            if part.hasPrefix(":") {
                precondition(part.count > 1, "parameter without a name: \(pattern)")
                return .parameter(String(part.dropFirst()))
            }
            precondition(!part.contains(":") && !part.contains("*"), "invalid segment in \(pattern)")
            return .literal(String(part))
        }
    }

    mutating func insert(_ segments: ArraySlice<Segment>, method: Method, entry: Entry) {
        guard let first = segments.first else {
            precondition(handlers[method] == nil, "duplicate route \(method) \(entry.pattern)")
            handlers[method] = entry
            return
        }
        let rest = segments.dropFirst()
        switch first {
        case .literal(let name):
            literals[name, default: RouteNode()].insert(rest, method: method, entry: entry)
        case .parameter(let name):
            precondition(
                parameterName == nil || parameterName == name,
                "conflicting parameter names :\(parameterName ?? "") and :\(name) in \(entry.pattern)")
            parameterName = name
            if parameterChild.isEmpty { parameterChild = [RouteNode()] }
            parameterChild[0].insert(rest, method: method, entry: entry)
        case .wildcard:
            precondition(wildcardHandlers[method] == nil, "duplicate route \(method) \(entry.pattern)")
            wildcardHandlers[method] = entry
        }
    }

    /// The handlers of the first node matching `segments` (literal before parameter before wildcard),
    /// with the captured values appended to `parameters`.
    func match(_ segments: ArraySlice<Substring>, parameters: inout PathParameters) -> [Method: Entry]? {
        guard let first = segments.first else {
            return handlers.isEmpty ? nil : handlers
        }
        let rest = segments.dropFirst()
        if let child = literals[String(first)], let found = child.match(rest, parameters: &parameters) {
            return found
        }
        if let parameterName, let child = parameterChild.first, !first.isEmpty {
            parameters.append(parameterName, String(first))
            if let found = child.match(rest, parameters: &parameters) { return found }
            parameters.removeLast()
        }
        if !wildcardHandlers.isEmpty {
            parameters.append("*", segments.joined(separator: "/"))
            return wildcardHandlers
        }
        return nil
    }
}
