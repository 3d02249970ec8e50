/// Counts failed admin sign-ins (or bearer tokens) per client address: once a client is out of tries,
/// every wrong token it sends is answered 429 with `Retry-After` instead of 401.
///
/// A token bucket of failures: `allowance` wrong tokens at once, then one more every `refillSeconds`.
/// Unlike a rate limit, a check does not spend anything — only a failure does. The buckets are kept in
/// the database (`ThrottleStoring`), so the allowance holds across every node behind a load balancer
/// rather than multiplying by their number.
///
/// A back-off the right token passes: the token is always compared, so someone else's failures behind
/// the same address (a proxy, a NAT, a colleague's typos) never lock out the holder of the right token.
/// What makes guessing hopeless is the token's length (at least 24 characters, checked at start-up);
/// the throttle makes a guesser visible and answers it with 429.
final class LoginThrottle: Sendable {
    let rule: ThrottleRule
    private let store: any ThrottleStoring

    /// - Parameter scope: the name this throttle's buckets are kept under, one per throttle.
    init(store: any ThrottleStoring, scope: String, allowance: Int = 5, refillSeconds: Double = 60) {
        self.store = store
        rule = ThrottleRule(scope: scope, capacity: Double(allowance), refillSeconds: refillSeconds)
    }

    /// Whole seconds until `client` may try again; `nil` when it may try now.
    /// - Throws: `StoreError` when the database cannot be read.
    func retryAfter(_ client: String, now: Double = WallClock.nowSeconds()) throws(StoreError) -> Int? {
        rule.retryAfter(level: try store.level(client, rule: rule, now: now))
    }

    /// Spends one try of `client` after a wrong token.
    /// - Throws: `StoreError` when the database cannot take the write.
    func recordFailure(_ client: String, now: Double = WallClock.nowSeconds()) throws(StoreError) {
        _ = try store.draw(client, rule: rule, draw: .always, now: now)
    }

    /// Spends one try of `client` after a wrong token; returns the seconds until its next try when it had
    /// already run out (answer 429), `nil` when this was one of its tries (answer 401).
    /// - Throws: `StoreError` when the database cannot take the write.
    func refuse(_ client: String, now: Double = WallClock.nowSeconds()) throws(StoreError) -> Int? {
        let before = try store.draw(client, rule: rule, draw: .always, now: now)
        guard rule.retryAfter(level: before) != nil else { return nil }
        return rule.retryAfter(level: rule.level(afterDrawing: .always, from: before))
    }
}
