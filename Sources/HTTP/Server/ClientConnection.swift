/// One accepted socket and everything in flight on it; owned by a single event loop, never shared.
final class ClientConnection {
    /// A response slot, created in request order so pipelined responses leave in that order even when
    /// async handlers finish out of order.
    struct Exchange {
        let sequence: UInt64
        /// `100 Continue`, written when this slot reaches the front; such a slot carries no response.
        var interim: ByteChunk?
        var method: Method?
        var path: String?
        var route: String?
        var version: HTTPVersion?
        var headOnly = false
        var wantsKeepAlive = false
        var started: UInt64 = 0
        var response: Response?

        var isReady: Bool { interim != nil || response != nil }
    }

    let descriptor: Int32
    /// Descriptor and generation, so a late completion never reaches a newer connection on a reused fd.
    let key: UInt64
    let remoteAddress: String?
    var parser: RequestParser
    /// The lifecycle: phase, socket signals and deadlines; the loop only performs what it answers.
    var state: ConnectionState
    var output = OutputQueue()
    var exchanges: [Exchange] = []
    var nextSequence: UInt64 = 0
    /// The tick of this connection's live timer-wheel entry.
    var timerTick: UInt64?
    /// Requests handled in the loop's current turn, and whether the connection waits for the next one.
    var turnBudget = TurnBudget()

    init(descriptor: Int32, key: UInt64, remoteAddress: String?, limits: ServerLimits, now: UInt64) {
        self.descriptor = descriptor
        self.key = key
        self.remoteAddress = remoteAddress
        parser = RequestParser(limits: limits)
        state = ConnectionState(limits: limits, now: now)
    }

    /// Nothing in flight, nothing buffered, nothing to write.
    var isIdle: Bool {
        exchanges.isEmpty && output.isEmpty && !parser.hasPartialRequest
    }

    func makeExchange() -> Exchange {
        defer { nextSequence += 1 }
        return Exchange(sequence: nextSequence)
    }
}
