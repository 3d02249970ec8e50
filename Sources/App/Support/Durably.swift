import HTTP

/// Runs a durable write from a request handler, answering 503 with `Retry-After` when the group-commit
/// queue is full instead of a 500.
func durably<T>(_ write: () async throws -> T) async throws -> T {
    do {
        return try await write()
    } catch let error as StoreError where error.kind == .overloaded {
        throw APIError.unavailable("too many writes are queued; retry shortly")
    }
}
