/// How many requests of one connection its event loop has handled in the current turn.
///
/// A client pipelining many requests would otherwise have them all parsed and answered in one go while the
/// loop's other connections wait; past the budget it waits for the next turn, after the others had theirs.
struct TurnBudget: Sendable {
    private var turn: UInt64 = 0
    private var spent = 0
    /// Listed in the loop's deferred connections, to be serviced in the next turn.
    var isDeferred = false

    /// Counts one request handled in `turn` (the first one of a new turn restarts the count).
    mutating func spend(in turn: UInt64) {
        if self.turn != turn {
            self.turn = turn
            spent = 0
        }
        spent += 1
    }

    /// Whether `limit` requests were handled in `turn` already.
    func isSpent(in turn: UInt64, limit: Int) -> Bool {
        self.turn == turn && spent >= limit
    }
}
