/// How the outbox worker delivers: when it looks for due deliveries, how long a try may take, and when a
/// failed try is retried (exponential backoff with jitter, for a day).
struct OutboxPolicy: Sendable, Equatable {
    /// Seconds between looks for due deliveries (a read of one index entry).
    var pollInterval = 0.5
    /// Seconds allowed to open a connection to a receiver.
    var connectTimeout = 5.0
    /// Seconds allowed for a whole try; a slower receiver counts as failed and is retried.
    var totalTimeout = 15.0
    /// Seconds before the first retry; each further retry waits twice as long, up to `maximumDelay`.
    var firstRetryDelay = 5.0
    var maximumDelay = 3600.0
    /// Seconds after the event when retrying stops and the delivery is marked failed.
    var retryWindow = 86_400.0
    /// Seconds between checks for learners whose cohort became overdue.
    var overdueCheckInterval = 60.0
    /// Deliveries tried at once.
    var concurrency = 4

    /// Seconds a taken delivery stays reserved: a worker that stopped mid-try (a crash) leaves it to be
    /// taken again after this, so nothing is lost (and a receiver may see it twice, same `webhook-id`).
    var lease: Double { connectTimeout + totalTimeout + 30 }

    /// When to try again after the `attempts`-th failed try, or `nil` when the retry window is over.
    ///
    /// The delay is `firstRetryDelay · 2^(attempts-1)`, capped, then scaled by a jitter factor in
    /// [0.5, 1) from `random` (in [0, 1)) so receivers recovering from an outage are not hit all at once.
    func nextAttempt(afterAttempts attempts: Int, createdAt: Int64, now: Int64, random: Double) -> Int64? {
        let end = createdAt + Int64(retryWindow * 1000)
        guard now < end else { return nil }
        let exponent = Double(min(max(attempts - 1, 0), 40))
        let base = min(maximumDelay, firstRetryDelay * pow2(exponent))
        let delay = base * (0.5 + 0.5 * min(max(random, 0), 1))
        return min(now + Int64(delay * 1000), end)
    }

    private func pow2(_ exponent: Double) -> Double {
        var value = 1.0
        for _ in 0..<Int(exponent) { value *= 2 }
        return value
    }
}
