/// How a route's code runs.
///
/// `immediate` handlers run inline on the event-loop thread: use them for in-memory pages and static
/// files, never for anything that blocks. `async` handlers run as a `Task` on Swift's concurrency pool
/// (database writes, anything that waits); their responses are handed back to the connection's event
/// loop and written in request order.
public enum Handler: Sendable {
    case immediate(@Sendable (Request) throws -> Response)
    case async(@Sendable (Request) async throws -> Response)
}

/// A registered route: the method and the pattern it was registered with.
public struct Route: Sendable, Hashable, CustomStringConvertible {
    public let method: Method
    public let pattern: String

    public var description: String { "\(method) \(pattern)" }
}
