/// Builds `[Node]` from a closure whose lines are nodes, strings (escaped text) or node lists.
@resultBuilder
public enum NodeBuilder {
    /// A node line.
    public static func buildExpression(_ node: Node) -> [Node] { [node] }
    /// A string line: text, escaped when rendered.
    public static func buildExpression(_ text: String) -> [Node] { [.text(text)] }
    /// A list of nodes, spliced in place.
    public static func buildExpression(_ nodes: [Node]) -> [Node] { nodes }
    /// The closure's lines, in order.
    public static func buildBlock(_ parts: [Node]...) -> [Node] { parts.flatMap { $0 } }
    /// An `if` without `else`: nothing when the condition is false.
    public static func buildOptional(_ part: [Node]?) -> [Node] { part ?? [] }
    /// The `if` branch.
    public static func buildEither(first part: [Node]) -> [Node] { part }
    /// The `else` branch.
    public static func buildEither(second part: [Node]) -> [Node] { part }
    /// A `for` loop: every iteration's nodes, in order.
    public static func buildArray(_ parts: [[Node]]) -> [Node] { parts.flatMap { $0 } }
}
