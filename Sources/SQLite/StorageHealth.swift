import CSQLite
import Locking

/// Whether the database's storage takes writes: a write refused with `SQLITE_FULL` (disk full, or the
/// `max_page_count` reached) marks it full; the next write that commits marks it writable again.
///
/// Observers hear each change once, so a full disk is one log line when it begins and one when it ends,
/// not one per refused request.
public final class StorageHealth: Sendable {
    private struct State {
        var isFull = false
        var lastProbe: Double = -.infinity
        var observers: [@Sendable (Bool) -> Void] = []
    }

    private let state = Locked(State())

    init() {}

    /// Whether the last write that reached SQLite found the storage full.
    public var isFull: Bool {
        state.withLock { $0.isFull }
    }

    /// Calls `observer` with `true` when writes start failing for lack of space, `false` when they commit again.
    public func observe(_ observer: @escaping @Sendable (Bool) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// Notes the outcome of a write: a commit, or the error it failed with.
    func record(_ error: (any Error)?) {
        let full: Bool
        if let error {
            guard let failure = error as? SQLiteError, failure.isStorageFull else { return }
            full = true
        } else {
            full = false
        }
        let observers = state.withLock { state -> [@Sendable (Bool) -> Void] in
            guard state.isFull != full else { return [] }
            state.isFull = full
            return state.observers
        }
        for observer in observers { observer(full) }
    }

    /// Whether a probe may run at `now` (seconds): at most one per `interval`.
    func claimProbe(now: Double, interval: Double) -> Bool {
        state.withLock { state in
            guard now - state.lastProbe >= interval else { return false }
            state.lastProbe = now
            return true
        }
    }
}

extension SQLiteError {
    /// The disk (or the database's `max_page_count`) is full: the write may succeed once space returns.
    public var isStorageFull: Bool { kind == .sqlite && code == SQLITE_FULL }
}
