@testable import HTTP

/// Timeouts of the connection-state tests: header 10 s, body 30 s, idle 60 s, write 20 s, linger 2 s.
let stateLimits: ServerLimits = {
    var limits = ServerLimits()
    limits.headerReadTimeout = .seconds(10)
    limits.bodyReadTimeout = .seconds(30)
    limits.idleTimeout = .seconds(60)
    limits.writeTimeout = .seconds(20)
    limits.lingerTimeout = .seconds(2)
    return limits
}()

/// One second in the state's monotonic nanoseconds.
let oneSecond: UInt64 = 1_000_000_000

/// One connection in every phase, reached through the events the loop reports: opened at 0 s, a head
/// started at 1 s, a body at 2 s, parsing stopped at 3 s, the last response queued at 4 s, lingering at 5 s.
enum StateSample: String, CaseIterable, Sendable {
    case readingIdle, readingHead, readingBody
    case finishing, finishingEarly
    case writingLast, writingLastEarly
    case lingering, closed

    func make() -> ConnectionState {
        var state = ConnectionState(limits: stateLimits, now: 0)
        func apply(_ event: ConnectionState.Event, at time: UInt64) {
            _ = state.handle(event, now: time * oneSecond)
        }
        let lastResponse = ConnectionState.Event.responseReady(
            keepAlive: false, handlerCloses: false, draining: false, version: .http1_1)
        switch self {
        case .readingIdle:
            break
        case .readingHead:
            apply(.needMoreData(partialRequest: true, readingBody: false, awaitingResponses: false), at: 1)
        case .readingBody:
            apply(.needMoreData(partialRequest: true, readingBody: false, awaitingResponses: false), at: 1)
            apply(.needMoreData(partialRequest: true, readingBody: true, awaitingResponses: false), at: 2)
        case .finishing:
            apply(.requestParsed(keepAlive: false), at: 3)
        case .finishingEarly:
            apply(.requestRejected, at: 3)
        case .writingLast:
            apply(.requestParsed(keepAlive: false), at: 3)
            apply(lastResponse, at: 4)
        case .writingLastEarly:
            apply(.requestRejected, at: 3)
            apply(lastResponse, at: 4)
        case .lingering, .closed:
            apply(.requestRejected, at: 3)
            apply(lastResponse, at: 4)
            apply(.halfClosed, at: 5)
            if self == .closed { apply(.closed, at: 5) }
        }
        return state
    }

    var phase: ConnectionState.Phase {
        switch self {
        case .readingIdle: .reading(.idle)
        case .readingHead: .reading(.head(since: 1 * oneSecond))
        case .readingBody: .reading(.body(headSince: 1 * oneSecond, since: 2 * oneSecond))
        case .finishing: .finishing(endsEarly: false)
        case .finishingEarly: .finishing(endsEarly: true)
        case .writingLast: .writingLast(endsEarly: false)
        case .writingLastEarly: .writingLast(endsEarly: true)
        case .lingering: .lingering(since: 5 * oneSecond)
        case .closed: .closed
        }
    }

    var isReading: Bool { [.readingIdle, .readingHead, .readingBody].contains(self) }
}

/// An expected transition: the action answered and the phase after.
struct StateOutcome: Equatable, CustomStringConvertible {
    let action: ConnectionState.Action
    let phase: ConnectionState.Phase

    init(_ action: ConnectionState.Action, _ phase: ConnectionState.Phase) {
        self.action = action
        self.phase = phase
    }

    var description: String { "\(action) → \(phase)" }
}

extension ConnectionState {
    /// Applies `events` at `time` seconds and returns the last action with the phase it leaves.
    mutating func outcome(_ events: [Event], at time: UInt64) -> StateOutcome {
        var action = Action.none
        for event in events { action = handle(event, now: time * oneSecond) }
        return StateOutcome(action, phase)
    }
}
