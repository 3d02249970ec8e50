import Locking
import SQLite

/// Counts failed admin sign-ins (or bearer tokens) per client address: once a client is out of tries,
/// every wrong token it sends is answered 429 with `Retry-After` instead of 401.
///
/// A token bucket of failures: `allowance` wrong tokens at once, then one more every `refillSeconds`.
/// Unlike `RateLimiter`, a check does not spend anything — only a failure does.
///
/// A back-off the right token passes: the token is always compared, so someone else's failures behind
/// the same address (a proxy, a NAT, a colleague's typos) never lock out the holder of the right token.
/// What makes guessing hopeless is the token's length (at least 24 characters, checked at start-up);
/// the throttle makes a guesser visible and answers it with 429.
public final class LoginThrottle: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Double
    }

    let allowance: Double
    let refillSeconds: Double
    private let maxKeys: Int
    private let buckets = Locked<[String: Bucket]>([:])

    public init(allowance: Int = 5, refillSeconds: Double = 60, maxKeys: Int = 10_000) {
        precondition(allowance > 0 && refillSeconds > 0, "a throttle needs a positive allowance and refill time")
        self.allowance = Double(allowance)
        self.refillSeconds = refillSeconds
        self.maxKeys = maxKeys
    }

    /// Whole seconds until `client` may try again; `nil` when it may try now.
    public func retryAfter(_ client: String, now: Double = RateLimiter.monotonicSeconds()) -> Int? {
        buckets.withLock { buckets in
            let tokens = refilled(buckets[client], now: now)
            guard tokens < 1 else { return nil }
            return max(1, Int(((1 - tokens) * refillSeconds).rounded(.up)))
        }
    }

    /// Spends one try of `client` after a wrong token.
    public func recordFailure(_ client: String, now: Double = RateLimiter.monotonicSeconds()) {
        buckets.withLock { buckets in
            if buckets.count >= maxKeys, buckets[client] == nil { prune(&buckets, now: now) }
            buckets[client] = Bucket(tokens: max(0, refilled(buckets[client], now: now) - 1), updated: now)
        }
    }

    /// Spends one try of `client` after a wrong token; returns the seconds until its next try when it had
    /// already run out (answer 429), `nil` when this was one of its tries (answer 401).
    public func refuse(_ client: String, now: Double = RateLimiter.monotonicSeconds()) -> Int? {
        let exhausted = retryAfter(client, now: now) != nil
        recordFailure(client, now: now)
        return exhausted ? retryAfter(client, now: now) : nil
    }

    private func refilled(_ bucket: Bucket?, now: Double) -> Double {
        guard let bucket else { return allowance }
        return min(allowance, bucket.tokens + max(0, now - bucket.updated) / refillSeconds)
    }

    /// Forgets clients whose allowance is whole again, then the least recently seen if still too many.
    private func prune(_ buckets: inout [String: Bucket], now: Double) {
        buckets = buckets.filter { refilled($0.value, now: now) < allowance }
        if buckets.count >= maxKeys {
            let kept = buckets.sorted { $0.value.updated > $1.value.updated }.prefix(maxKeys / 2)
            buckets = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
    }
}
