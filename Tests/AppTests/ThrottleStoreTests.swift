import Foundation
import SQLite
import Testing

@testable import App

/// The shared throttles: buckets kept in the database hold across every node (every store over the same
/// database), refill with wall-clock time and forget idle clients; on both engines.
struct ThrottleStoreTests {
    /// Runs `body` with the throttle store over a new, migrated SQLite database, removed afterwards.
    static func withSQLiteThrottles(_ body: (any ThrottleStoring) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-throttles-\(UUID().uuidString).sqlite")
        let database = try Database(path: path.path)
        defer {
            database.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path.path + suffix) }
        }
        try Migrator(directory: TestServer.repositoryRoot.appendingPathComponent("Migrations")).migrate(database)
        try body(SQLiteThrottleStore(database: database))
    }

    /// Runs `body` with the throttle store of `engine` over a fresh database.
    static func withThrottles(
        _ engine: StoreContractTests.Engine, _ body: @escaping (any ThrottleStoring) throws -> Void
    ) async throws {
        try await StoreContractTests.withStores(engine) { stores in try body(stores.throttles) }
    }

    @Test(arguments: StoreContractTests.Engine.available)
    func aLimitHoldsAcrossNodesSharingTheDatabase(engine: StoreContractTests.Engine) async throws {
        try await Self.withThrottles(engine) { store throws in
            let rule = ThrottleRule(scope: "resume", capacity: 3, refillSeconds: 60)
            let nodeA = SharedRateLimiter(store: store, rule: rule)
            let nodeB = SharedRateLimiter(store: store, rule: rule)
            #expect(try nodeA.acquire("client", now: 100) == .allowed)
            #expect(try nodeB.acquire("client", now: 100) == .allowed)
            #expect(try nodeA.acquire("client", now: 100) == .allowed)
            #expect(try nodeB.acquire("client", now: 100) == .limited(retryAfter: 60), "the third try was node A's")
            #expect(try nodeA.acquire("client", now: 130) == .limited(retryAfter: 30), "a refusal costs nothing")
            #expect(try nodeB.acquire("client", now: 160) == .allowed)
            #expect(try nodeA.acquire("other", now: 160) == .allowed, "other clients have their own bucket")
        }
    }

    @Test(arguments: StoreContractTests.Engine.available)
    func aFailureSpentOnOneNodeThrottlesTheClientOnAnother(engine: StoreContractTests.Engine) async throws {
        try await Self.withThrottles(engine) { store throws in
            let nodeA = LoginThrottle(store: store, scope: "admin-sign-in", allowance: 2, refillSeconds: 10)
            let nodeB = LoginThrottle(store: store, scope: "admin-sign-in", allowance: 2, refillSeconds: 10)
            let bearer = LoginThrottle(store: store, scope: "admin-bearer", allowance: 2, refillSeconds: 10)
            #expect(try nodeA.refuse("203.0.113.7", now: 0) == nil)
            #expect(try nodeB.refuse("203.0.113.7", now: 0) == nil)
            #expect(try nodeA.refuse("203.0.113.7", now: 0) == 10)
            #expect(try nodeB.retryAfter("203.0.113.7", now: 5) == 5)
            #expect(try bearer.retryAfter("203.0.113.7", now: 5) == nil, "each throttle keeps its own buckets")
        }
    }

    @Test(arguments: StoreContractTests.Engine.available)
    func idleBucketsAreDeletedOnceFullAgain(engine: StoreContractTests.Engine) async throws {
        try await Self.withThrottles(engine) { store throws in
            let rule = ThrottleRule(scope: "s", capacity: 2, refillSeconds: 10)
            for index in 0..<50 { _ = try store.draw("client-\(index)", rule: rule, draw: .always, now: 0) }
            _ = try store.draw("late", rule: rule, draw: .always, now: 21)
            #expect(try store.level("client-0", rule: rule, now: 21) == 2, "a deleted bucket reads as full")
            #expect(try store.level("late", rule: rule, now: 21) == 1)
        }
    }
}
