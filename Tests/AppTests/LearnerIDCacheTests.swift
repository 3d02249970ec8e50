import Testing

@testable import App

/// The learner ids the write routes remember by token digest: found ids only, expiring, bounded.
struct LearnerIDCacheTests {
    private static func digest(_ n: Int) -> [UInt8] { Secrets.digest("token-\(n)") }

    @Test func aRememberedIdIsFoundUntilItExpires() {
        let cache = LearnerIDCache(capacity: 10, lifetimeMilliseconds: 1_000)
        #expect(cache.learnerID(digest: Self.digest(1), now: 0) == nil)
        cache.remember(digest: Self.digest(1), learnerID: 42, now: 0)
        #expect(cache.learnerID(digest: Self.digest(1), now: 999) == 42)
        #expect(cache.learnerID(digest: Self.digest(2), now: 999) == nil)
        #expect(cache.learnerID(digest: Self.digest(1), now: 1_000) == nil, "expired")
    }

    @Test func aFullGenerationMakesRoomAndKeepsTheTokensInUse() {
        let cache = LearnerIDCache(capacity: 3, lifetimeMilliseconds: 60_000)
        for n in 0..<3 { cache.remember(digest: Self.digest(n), learnerID: Int64(n), now: 0) }
        cache.remember(digest: Self.digest(3), learnerID: 3, now: 0)  // the first three become the older generation
        #expect(cache.count == 4)
        #expect(cache.learnerID(digest: Self.digest(0), now: 1) == 0, "found in the older, moved to the newer")
        for n in 4..<6 { cache.remember(digest: Self.digest(n), learnerID: Int64(n), now: 1) }
        // The newer filled up (3, 0, 4): it became the older, and the previous older (1, 2) was dropped.
        #expect(cache.learnerID(digest: Self.digest(1), now: 2) == nil)
        #expect(cache.learnerID(digest: Self.digest(2), now: 2) == nil)
        #expect(cache.learnerID(digest: Self.digest(0), now: 2) == 0)
        #expect(cache.learnerID(digest: Self.digest(5), now: 2) == 5)
        #expect(cache.count <= 2 * cache.capacity)
    }

    @Test func rememberingAgainRenewsTheLifetime() {
        let cache = LearnerIDCache(capacity: 10, lifetimeMilliseconds: 1_000)
        cache.remember(digest: Self.digest(1), learnerID: 7, now: 0)
        cache.remember(digest: Self.digest(1), learnerID: 7, now: 900)
        #expect(cache.learnerID(digest: Self.digest(1), now: 1_500) == 7)
    }
}
