import Foundation

/// A value reachable only while holding its lock.
///
/// Deliberately not `Synchronization.Mutex`: on Linux a contended `Mutex` hands the lock over inside
/// the kernel (a priority-inheritance futex), which ThreadSanitizer cannot observe, so
/// `swift test --sanitize=thread` reports a false race on every contended `Mutex`. `NSLock` is a
/// pthread mutex, which ThreadSanitizer models, so a race it reports here is real.
public final class Locked<State>: @unchecked Sendable {  // `state` is only reached inside `lock`
    private let lock = NSLock()
    private var state: State

    public init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
