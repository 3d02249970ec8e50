/// Token buckets kept in the database, so a limit holds across every node of a cluster: the admin sign-in
/// and bearer-token throttles and the resume-code limit.
///
/// Synchronous and only touched on refusals or rare routes (a wrong token, a resume redemption), so the
/// one short transaction per call stays off the hot path. Per-node limits (graded attempts per learner)
/// stay in memory in `RateLimiter`.
protocol ThrottleStoring: Sendable {
    /// Refills `key`'s bucket under `rule` up to `now` (wall-clock seconds), draws one token as `draw`
    /// says, and returns the level before the draw; atomic across nodes.
    func draw(_ key: String, rule: ThrottleRule, draw: ThrottleRule.Draw, now: Double) throws(StoreError) -> Double

    /// The level of `key`'s bucket under `rule` at `now`, without drawing.
    func level(_ key: String, rule: ThrottleRule, now: Double) throws(StoreError) -> Double
}
