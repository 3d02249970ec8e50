/// How a route's code runs.
///
/// `immediate` handlers run inline on the event-loop thread: use them for in-memory pages and static
/// files, never for anything that blocks. `async` handlers run as a `Task` on Swift's concurrency pool
/// (database writes, anything that waits); their responses are handed back to the connection's event
/// loop and written in request order. `deferring` handlers run on the loop and either answer at once or
/// hand the rest of the work to a task: for routes whose usual case is a lookup and whose rare case is not
/// (a page rendered on first request, then cached).
public enum Handler: Sendable {
    case immediate(@Sendable (Request) throws -> Response)
    case async(@Sendable (Request) async throws -> Response)
    case deferring(@Sendable (Request) throws -> Outcome)

    /// What a `deferring` handler decided on the loop.
    public enum Outcome: Sendable {
        /// The response, ready now (a lookup).
        case now(Response)
        /// Work that must not run on the loop: run as a task, its response written in request order.
        case later(@Sendable () async throws -> Response)
    }
}

/// A registered route: the method and the pattern it was registered with.
public struct Route: Sendable, Hashable, CustomStringConvertible {
    public let method: Method
    public let pattern: String

    public var description: String { "\(method) \(pattern)" }
}
