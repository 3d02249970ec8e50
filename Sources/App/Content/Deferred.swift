import Locking

/// A value computed once, by its first reader or ahead of time on another thread; every reader gets that
/// one result (a failure too: the computation is deterministic, trying again would fail again).
///
/// The computation is let go once it has run, with whatever it captured (a reload's previous snapshot).
final class Deferred<Value: Sendable>: Sendable {
    private enum State {
        case pending(@Sendable () throws -> Value)
        case done(Result<Value, any Error>)
    }

    private let state: Locked<State>

    init(_ compute: @escaping @Sendable () throws -> Value) {
        state = Locked(.pending(compute))
    }

    /// The value, computed now if no one has yet; a reader meanwhile waits for the computation under way.
    func get() throws -> Value {
        try state.withLock { state in
            switch state {
            case .done(let result):
                return try result.get()
            case .pending(let compute):
                let result = Result(catching: compute)
                state = .done(result)
                return try result.get()
            }
        }
    }

    /// Whether the value (or its failure) is there.
    var isComputed: Bool {
        state.withLock {
            if case .done = $0 { true } else { false }
        }
    }
}
