import Locking
import SQLite

/// Counts failed admin sign-ins (or bearer tokens) per client address and refuses further tries once
/// they run out.
///
/// A token bucket of failures: `allowance` wrong tokens at once, then one more every `refillSeconds`.
/// Unlike `RateLimiter`, a check does not spend anything — only a failure does.
///
/// Failures count twice: per client, and per client and the first `prefixLength` characters of the token
/// tried. Once the client and prefix run out, tokens with that prefix are refused *before* they are
/// compared (a guesser learns nothing). Once the client alone runs out, every wrong token is answered 429,
/// but a token with another prefix is still compared: someone else's failures behind the same address (a
/// proxy, a NAT) never lock out the holder of the right token, who cannot be blocked without knowing the
/// token's start. Guessing stays hopeless because the token has at least 24 characters.
public final class LoginThrottle: Sendable {
    /// Characters of a tried token that key its own bucket.
    static let prefixLength = 4

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

    /// Whole seconds until `client` may try `token` again (its prefix is locked out); `nil` when it may.
    public func retryAfter(client: String, token: String, now: Double = RateLimiter.monotonicSeconds()) -> Int? {
        retryAfter(Self.key(client: client, token: token), now: now)
    }

    /// Spends one try of `client` and of `client` with `token`'s prefix; returns the seconds until the next
    /// try when the client had already run out (answer 429), `nil` when this was one of its tries (401).
    public func recordFailure(client: String, token: String, now: Double = RateLimiter.monotonicSeconds()) -> Int? {
        let exhausted = retryAfter(client, now: now) != nil
        recordFailure(Self.key(client: client, token: token), now: now)
        recordFailure(client, now: now)
        return exhausted ? retryAfter(client, now: now) : nil
    }

    private static func key(client: String, token: String) -> String {
        client + "\u{0}" + String(token.prefix(prefixLength))
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
