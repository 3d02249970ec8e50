import Dispatch
import Foundation
import Locking
import SQLite

/// A one-shot signal between a test and a thread it started, with bounded waits so a bug fails the
/// test instead of hanging it.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let isOpen = Locked(false)

    func open() {
        isOpen.withLock { $0 = true }
        semaphore.signal()
    }

    /// Blocks the calling thread up to `seconds`; for threads the test started, never for test tasks.
    func wait(seconds: Double = 60) -> Bool {
        semaphore.wait(timeout: .now() + seconds) == .success
    }

    /// Suspends up to `seconds` without holding a thread of the (two-thread) cooperative pool.
    func opened(seconds: Double = 60) async throws -> Bool {
        try await eventually(seconds: seconds) { isOpen.withLock { $0 } }
    }
}

/// Polls `condition` until it holds or `seconds` pass; returns whether it held. The generous default bounds
/// only a hang: sanitizer builds on a loaded 2-core machine can be slow, and success returns at once.
func eventually(seconds: Double = 60, _ condition: () -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { return false }
        try await Task.sleep(for: .milliseconds(2))
    }
    return true
}
