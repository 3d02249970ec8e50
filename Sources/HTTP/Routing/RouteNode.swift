/// One level of the routing tree as it is built: literal children, at most one `:parameter` child, and
/// handlers for the path ending here or (for `*`) anywhere below. `RouteMatcher` is its frozen form.
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

    // Small arrays rather than dictionaries: a node has few children and few methods, and comparing a
    // few short strings is cheaper than hashing one.
    private(set) var literals: [(name: String, node: RouteNode)] = []
    private(set) var parameterName: String?
    private(set) var parameterChild: [RouteNode] = []
    private(set) var handlers = Handlers()
    private(set) var wildcardHandlers = Handlers()

    /// The handlers registered at one node, by method.
    struct Handlers: Sendable {
        private(set) var entries: [(method: Method, entry: Entry)] = []

        var isEmpty: Bool { entries.isEmpty }
        var methods: [Method] { entries.map(\.method) }

        subscript(method: Method) -> Entry? {
            for candidate in entries where candidate.method == method { return candidate.entry }
            return nil
        }

        mutating func add(_ entry: Entry, for method: Method) {
            precondition(self[method] == nil, "duplicate route \(method) \(entry.pattern)")
            entries.append((method, entry))
        }
    }

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
            handlers.add(entry, for: method)
            return
        }
        let rest = segments.dropFirst()
        switch first {
        case .literal(let name):
            if let index = literals.firstIndex(where: { $0.name == name }) {
                literals[index].node.insert(rest, method: method, entry: entry)
            } else {
                var node = RouteNode()
                node.insert(rest, method: method, entry: entry)
                literals.append((name, node))
            }
        case .parameter(let name):
            precondition(
                parameterName == nil || parameterName == name,
                "conflicting parameter names :\(parameterName ?? "") and :\(name) in \(entry.pattern)")
            parameterName = name
            if parameterChild.isEmpty { parameterChild = [RouteNode()] }
            parameterChild[0].insert(rest, method: method, entry: entry)
        case .wildcard:
            wildcardHandlers.add(entry, for: method)
        }
    }
}
