/// Fairness between the connections of one loop: each turn (one `epoll_wait`) handles at most
/// `maxRequestsPerTurn` requests per connection. A connection that reaches the budget is deferred: it is
/// serviced again in the next turn, after the connections that turn reports, and that turn polls without
/// waiting. Its readiness needs no new epoll event: unread input stays flagged readable and parsed-but-
/// unhandled requests stay buffered in its parser.
extension EventLoop {
    /// Starts a turn: the new turn restores every budget; returns the connections deferred in the last one.
    func beginTurn() -> [UInt64] {
        turn &+= 1
        let waiting = deferred
        deferred.removeAll(keepingCapacity: true)
        for key in waiting { connection(for: key)?.turnBudget.isDeferred = false }
        return waiting
    }

    /// Counts a request handled for `connection`; at the budget, defers the rest to the next turn.
    func spendTurn(_ connection: ClientConnection) {
        connection.turnBudget.spend(in: turn)
        guard connection.turnBudget.isSpent(in: turn, limit: limits.maxRequestsPerTurn),
            !connection.turnBudget.isDeferred
        else { return }
        connection.turnBudget.isDeferred = true
        deferred.append(connection.key)
    }

    /// Services the connections deferred in the last turn (those still open), now with a fresh budget.
    func serviceDeferred(_ waiting: [UInt64]) {
        for key in waiting {
            guard let connection = connection(for: key) else { continue }
            service(connection)
        }
    }
}
