import Foundation
import Locking
import Synchronization

/// A token bucket per key (learner, client address), shared by every event loop.
///
/// Buckets refill continuously; idle buckets are pruned so the table cannot grow without bound.
final class RateLimiter: Sendable {
    /// How many requests may burst, and how fast the allowance refills.
    struct Policy: Sendable {
        var burst: Double
        var perSecond: Double

        init(burst: Double, perSecond: Double) {
            self.burst = burst
            self.perSecond = perSecond
        }
    }

    /// The outcome of asking for one token.
    enum Decision: Sendable, Equatable {
        case allowed
        /// Refused; a token will be available after this many whole seconds (for `Retry-After`).
        case limited(retryAfter: Int)
    }

    private struct Bucket {
        var tokens: Double
        var updated: Double
    }

    private let policy: Policy
    private let maxKeys: Int
    private let buckets = Locked<[String: Bucket]>([:])

    init(policy: Policy, maxKeys: Int = 100_000) {
        self.policy = policy
        self.maxKeys = maxKeys
    }

    /// Takes one token for `key` at time `now` (seconds, monotonic).
    func acquire(_ key: String, now: Double = RateLimiter.monotonicSeconds()) -> Decision {
        buckets.withLock { buckets in
            if buckets.count >= maxKeys { prune(&buckets, now: now) }
            var bucket = buckets[key] ?? Bucket(tokens: policy.burst, updated: now)
            bucket.tokens = min(policy.burst, bucket.tokens + (now - bucket.updated) * policy.perSecond)
            bucket.updated = now
            defer { buckets[key] = bucket }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                return .allowed
            }
            let wait = (1 - bucket.tokens) / policy.perSecond
            return .limited(retryAfter: max(1, Int(wait.rounded(.up))))
        }
    }

    /// Drops buckets that are full again (their state equals a fresh bucket), then the oldest if still too many.
    private func prune(_ buckets: inout [String: Bucket], now: Double) {
        buckets = buckets.filter { _, bucket in
            bucket.tokens + (now - bucket.updated) * policy.perSecond < policy.burst
        }
        if buckets.count >= maxKeys {
            let keep = buckets.sorted { $0.value.updated > $1.value.updated }.prefix(maxKeys / 2)
            buckets = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
        }
    }

    /// Seconds from a monotonic clock, immune to wall-clock changes.
    static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
