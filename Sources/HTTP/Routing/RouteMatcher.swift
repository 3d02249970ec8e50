/// The routing tree frozen for lookups: one immutable object per node, literal segments kept as bytes.
///
/// Every request walks it on an event loop, so a lookup must not copy nodes (each copy retains every array
/// a node holds) or compare `Substring`s with `String`s (a slow generic path): it walks references and
/// compares bytes.
final class RouteMatcher: Sendable {
    private let literalNames: [[UInt8]]
    private let literalNodes: [RouteMatcher]
    private let parameterName: String?
    private let parameterNode: RouteMatcher?
    private let handlers: RouteNode.Handlers?
    private let wildcardHandlers: RouteNode.Handlers?

    init(_ node: RouteNode) {
        literalNames = node.literals.map { Array($0.name.utf8) }
        literalNodes = node.literals.map { RouteMatcher($0.node) }
        parameterName = node.parameterName
        parameterNode = node.parameterChild.first.map(RouteMatcher.init)
        handlers = node.handlers.isEmpty ? nil : node.handlers
        wildcardHandlers = node.wildcardHandlers.isEmpty ? nil : node.wildcardHandlers
    }

    /// The handlers of the first node matching `path` after its leading `/`, trying literal before
    /// parameter before wildcard, with the captured values appended to `parameters`.
    func match(_ path: String, parameters: inout PathParameters) -> RouteNode.Handlers? {
        var path = path
        return path.withUTF8 { bytes in match(bytes, from: bytes.isEmpty ? 0 : 1, parameters: &parameters) }
    }

    /// Matches the segments of `path` from `start` (just after a `/`; `nil` once every segment is consumed).
    private func match(_ path: UnsafeBufferPointer<UInt8>, from start: Int?, parameters: inout PathParameters)
        -> RouteNode.Handlers?
    {
        guard let start else { return handlers }
        var end = start
        while end < path.count, path[end] != UInt8(ascii: "/") { end += 1 }
        let segment = UnsafeBufferPointer(rebasing: path[start..<end])
        let next = end < path.count ? end + 1 : nil
        for index in literalNames.indices where literalNames[index].elementsEqual(segment) {
            if let found = literalNodes[index].match(path, from: next, parameters: &parameters) { return found }
            break
        }
        if let parameterName, let parameterNode, !segment.isEmpty {
            parameters.append(parameterName, String(decoding: segment, as: UTF8.self))
            if let found = parameterNode.match(path, from: next, parameters: &parameters) { return found }
            parameters.removeLast()
        }
        if let wildcardHandlers {
            parameters.append("*", String(decoding: UnsafeBufferPointer(rebasing: path[start...]), as: UTF8.self))
            return wildcardHandlers
        }
        return nil
    }
}
