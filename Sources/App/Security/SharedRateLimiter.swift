/// A rate limit that holds across every node: its token buckets are kept in the database.
///
/// For limits on guessable secrets (resume codes), where a guesser must not gain tries by spreading
/// requests over the nodes. Limits that only shield a node from load (graded attempts per learner) stay
/// per node and in memory, in `RateLimiter`.
struct SharedRateLimiter: Sendable {
    let rule: ThrottleRule
    private let store: any ThrottleStoring

    init(store: any ThrottleStoring, rule: ThrottleRule) {
        self.store = store
        self.rule = rule
    }

    /// Takes one token for `key` at `now` (wall-clock seconds); a refused request costs nothing.
    /// - Throws: `StoreError` when the database cannot take the write.
    func acquire(_ key: String, now: Double = WallClock.nowSeconds()) throws(StoreError) -> RateLimiter.Decision {
        let before = try store.draw(key, rule: rule, draw: .whenAvailable, now: now)
        guard let retryAfter = rule.retryAfter(level: before) else { return .allowed }
        return .limited(retryAfter: retryAfter)
    }
}
