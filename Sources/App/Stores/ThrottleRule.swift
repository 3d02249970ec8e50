/// A token bucket shared by every node: how many tries at once, how fast they come back, and under which
/// name its buckets are kept.
///
/// The arithmetic lives here so every engine's store computes it the same way; the stores only keep each
/// bucket's level and the time it was last touched, in wall-clock seconds (every node's clock counts).
struct ThrottleRule: Sendable, Equatable {
    /// How a draw treats an empty bucket.
    enum Draw: Sendable, Equatable {
        /// Takes a token only when one is there (a rate limit: a refused request costs nothing).
        case whenAvailable
        /// Always takes one, never below zero (a back-off: every failure counts).
        case always
    }

    /// The name the buckets of this rule are kept under (`admin-sign-in`, `admin-bearer`, `resume`).
    var scope: String
    /// Tokens a full bucket holds.
    var capacity: Double
    /// Seconds for one token to come back.
    var refillSeconds: Double

    init(scope: String, capacity: Double, refillSeconds: Double) {
        precondition(capacity > 0 && refillSeconds > 0, "a throttle needs a positive capacity and refill time")
        self.scope = scope
        self.capacity = capacity
        self.refillSeconds = refillSeconds
    }

    /// The level of a bucket last left at `tokens` at `updated`, refilled up to `now`; a full bucket when
    /// there is none.
    func level(tokens: Double?, updated: Double?, now: Double) -> Double {
        guard let tokens, let updated else { return capacity }
        return min(capacity, tokens + max(0, now - updated) / refillSeconds)
    }

    /// The level left after a draw from a bucket at `level`.
    func level(afterDrawing draw: Draw, from level: Double) -> Double {
        switch draw {
        case .whenAvailable: level >= 1 ? level - 1 : level
        case .always: max(0, level - 1)
        }
    }

    /// Whole seconds until a bucket at `level` holds a token again; `nil` when it holds one now.
    func retryAfter(level: Double) -> Int? {
        guard level < 1 else { return nil }
        return max(1, Int(((1 - level) * refillSeconds).rounded(.up)))
    }

    /// Seconds after which an untouched bucket is full again, so its row can go.
    var idleSeconds: Double { capacity * refillSeconds }
}
