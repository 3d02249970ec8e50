/// Builds `[Node]` from a closure whose lines are nodes, strings (escaped text) or node lists.
@resultBuilder
public enum NodeBuilder {
    public static func buildExpression(_ node: Node) -> [Node] { [node] }
    public static func buildExpression(_ text: String) -> [Node] { [.text(text)] }
    public static func buildExpression(_ nodes: [Node]) -> [Node] { nodes }
    public static func buildBlock(_ parts: [Node]...) -> [Node] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Node]?) -> [Node] { part ?? [] }
    public static func buildEither(first part: [Node]) -> [Node] { part }
    public static func buildEither(second part: [Node]) -> [Node] { part }
    public static func buildArray(_ parts: [[Node]]) -> [Node] { parts.flatMap { $0 } }
}
