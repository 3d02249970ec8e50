/// Convenience registration: a closure that does not `await` becomes an `.immediate` handler (runs on the
/// event loop), one that does becomes an `.async` handler (runs as a task).
extension Router {
    public mutating func get(_ pattern: String, _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(.get, pattern, .immediate(handler))
    }

    public mutating func get(_ pattern: String, _ handler: @escaping @Sendable (Request) async throws -> Response) {
        add(.get, pattern, .async(handler))
    }

    public mutating func post(_ pattern: String, _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(.post, pattern, .immediate(handler))
    }

    public mutating func post(_ pattern: String, _ handler: @escaping @Sendable (Request) async throws -> Response) {
        add(.post, pattern, .async(handler))
    }

    public mutating func put(_ pattern: String, _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(.put, pattern, .immediate(handler))
    }

    public mutating func put(_ pattern: String, _ handler: @escaping @Sendable (Request) async throws -> Response) {
        add(.put, pattern, .async(handler))
    }

    public mutating func patch(_ pattern: String, _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(.patch, pattern, .immediate(handler))
    }

    public mutating func patch(_ pattern: String, _ handler: @escaping @Sendable (Request) async throws -> Response) {
        add(.patch, pattern, .async(handler))
    }

    public mutating func delete(_ pattern: String, _ handler: @escaping @Sendable (Request) throws -> Response) {
        add(.delete, pattern, .immediate(handler))
    }

    public mutating func delete(
        _ pattern: String, _ handler: @escaping @Sendable (Request) async throws -> Response
    ) {
        add(.delete, pattern, .async(handler))
    }
}
