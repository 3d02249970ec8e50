import Foundation
import Testing

@testable import PostgreSQL

/// The pool's queue order against a live server (skipped without `FOLIO_TEST_DATABASE_URL`).
@Suite(.enabled(if: LiveDatabase.isAvailable, "FOLIO_TEST_DATABASE_URL names a test cluster"))
struct ConnectionPoolTests {
    /// The order in which jobs ran, shared by the pool thread and the test.
    final class Order: @unchecked Sendable {  // `names` only touched under `lock`
        private let lock = NSLock()
        private var names: [String] = []

        func append(_ name: String) {
            lock.lock()
            names.append(name)
            lock.unlock()
        }

        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return names
        }
    }

    @Test func aBlockedThreadsReadGoesBeforeQueuedAsyncWork() async throws {
        try await LiveDatabase.withSchema { connectionString in
            let pool = try ConnectionPool(.init(connectionString: connectionString, size: 1))
            defer { pool.close() }
            let order = Order()
            let release = DispatchSemaphore(value: 0)
            // The only connection stays busy until everything below is queued.
            let busy = Task {
                try await pool.withConnection { _ in
                    order.append("busy")
                    release.wait()
                }
            }
            try await Self.waitUntil { order.all == ["busy"] }
            let queued = (0..<5).map { index in
                Task {
                    try await pool.withConnection { connection in
                        order.append("async \(index)")
                        return try connection.query("SELECT 1").count
                    }
                }
            }
            try await Self.waitUntil { pool.waiting == 5 }
            let blocking = Thread {
                _ = try? pool.withConnectionBlocking { connection in
                    order.append("blocking")
                    return try connection.query("SELECT 1").count
                }
            }
            blocking.start()
            try await Self.waitUntil { pool.waiting == 6 }
            release.signal()
            try await busy.value
            for task in queued { _ = try await task.value }
            try await Self.waitUntil { order.all.count == 7 }
            #expect(Array(order.all.prefix(2)) == ["busy", "blocking"], "\(order.all)")
        }
    }

    /// Polls `condition` until it holds (a state change on another thread, not a timing assumption).
    static func waitUntil(_ condition: () -> Bool) async throws {
        while !condition() { try await Task.sleep(for: .milliseconds(5)) }
    }
}
