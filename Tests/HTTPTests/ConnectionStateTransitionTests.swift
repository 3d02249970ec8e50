import Testing

@testable import HTTP

/// Every event in every phase: the action answered and the phase left (`StateSample` builds each phase).
@Suite struct ConnectionStateTransitionTests {
    private typealias Event = ConnectionState.Event

    /// Runs `events` at `time` seconds on every sample and compares with `expected`, which must name them all.
    private func check(
        _ events: [Event], at time: UInt64 = 10, expected: (StateSample) -> StateOutcome,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for sample in StateSample.allCases {
            var state = sample.make()
            #expect(
                state.outcome(events, at: time) == expected(sample), "\(sample) after \(events)",
                sourceLocation: sourceLocation)
        }
    }

    private static let readable = Event.socketReady(readable: true, hungUp: false, writable: false)

    @Test func socketReadinessChangesNoPhase() {
        check([.socketReady(readable: true, hungUp: true, writable: true)]) { StateOutcome(.none, $0.phase) }
        check([.readWouldBlock]) { StateOutcome(.none, $0.phase) }
        check([.writeWouldBlock]) { StateOutcome(.none, $0.phase) }
        check([.bytesRead(filledBuffer: true)]) { StateOutcome(.none, $0.phase) }
    }

    @Test func readOpportunityReadsOnlyWhileParsing() {
        check([Self.readable, .readOpportunity(backpressured: false)]) { sample in
            switch sample {
            case .readingIdle, .readingHead, .readingBody: StateOutcome(.read, sample.phase)
            case .finishing, .finishingEarly, .writingLast, .writingLastEarly: StateOutcome(.none, sample.phase)
            case .lingering: StateOutcome(.discardInput, sample.phase)
            case .closed: StateOutcome(.none, .closed)
            }
        }
        check([Self.readable, .readOpportunity(backpressured: true)]) { sample in
            StateOutcome(sample == .lingering ? .discardInput : .none, sample.phase)
        }
        check([Self.readable, .readWouldBlock, .readOpportunity(backpressured: false)]) { sample in
            StateOutcome(sample == .lingering ? .discardInput : .none, sample.phase)
        }
        check([Self.readable, .peerClosed, .readOpportunity(backpressured: false)]) { sample in
            StateOutcome(sample == .lingering ? .discardInput : .none, sample.phase)
        }
    }

    @Test func shortReadClearsReadableUnlessThePeerHungUp() {
        check([Self.readable, .bytesRead(filledBuffer: false), .readOpportunity(backpressured: false)]) {
            StateOutcome($0 == .lingering ? .discardInput : .none, $0.phase)
        }
        check([Self.readable, .bytesRead(filledBuffer: true), .readOpportunity(backpressured: false)]) {
            StateOutcome($0.isReading ? .read : $0 == .lingering ? .discardInput : .none, $0.phase)
        }
        let hangUp = Event.socketReady(readable: true, hungUp: true, writable: false)
        check([hangUp, .bytesRead(filledBuffer: false), .readOpportunity(backpressured: false)]) {
            StateOutcome($0.isReading ? .read : $0 == .lingering ? .discardInput : .none, $0.phase)
        }
    }

    @Test func endOfInputClosesOnlyWhileLingering() {
        check([.peerClosed]) { StateOutcome($0 == .lingering ? .close : .none, $0.phase) }
    }

    @Test func needMoreDataTimesOnlyTheRequestBeingRead() {
        let head = Event.needMoreData(partialRequest: true, readingBody: false, awaitingResponses: false)
        check([head]) { sample in
            switch sample {
            case .readingIdle: StateOutcome(.none, .reading(.head(since: 10 * oneSecond)))
            case .readingHead, .readingBody: StateOutcome(.none, .reading(.head(since: 1 * oneSecond)))
            default: StateOutcome(.none, sample.phase)
            }
        }
        let body = Event.needMoreData(partialRequest: true, readingBody: true, awaitingResponses: false)
        check([body]) { sample in
            switch sample {
            case .readingIdle: StateOutcome(.none, .reading(.body(headSince: 10 * oneSecond, since: 10 * oneSecond)))
            case .readingHead: StateOutcome(.none, .reading(.body(headSince: 1 * oneSecond, since: 10 * oneSecond)))
            default: StateOutcome(.none, sample.phase)
            }
        }
        for idle in [
            Event.needMoreData(partialRequest: false, readingBody: false, awaitingResponses: false),
            .needMoreData(partialRequest: true, readingBody: true, awaitingResponses: true),
        ] {
            check([idle]) { StateOutcome(.none, $0.isReading ? .reading(.idle) : $0.phase) }
        }
    }

    @Test func requestWithoutKeepAliveStopsParsing() {
        check([.requestParsed(keepAlive: false)]) {
            StateOutcome(.none, $0.isReading ? .finishing(endsEarly: false) : $0.phase)
        }
        check([.requestParsed(keepAlive: true)]) { StateOutcome(.none, $0.phase) }
    }

    @Test func rejectionStopsParsingAndEndsEarly() {
        check([.requestRejected]) { sample in
            switch sample {
            case .readingIdle, .readingHead, .readingBody, .finishing, .finishingEarly:
                StateOutcome(.none, .finishing(endsEarly: true))
            case .writingLast, .writingLastEarly: StateOutcome(.none, .writingLast(endsEarly: true))
            case .lingering, .closed: StateOutcome(.none, sample.phase)
            }
        }
    }

    @Test func responsesAreWrittenUntilTheLastOne() {
        let keep = Event.responseReady(keepAlive: true, handlerCloses: false, draining: false, version: .http1_1)
        check([keep]) { sample in
            switch sample {
            case .readingIdle, .readingHead, .readingBody, .finishing, .finishingEarly:
                StateOutcome(.write(.none), sample.phase)
            case .writingLast, .writingLastEarly, .lingering, .closed: StateOutcome(.none, sample.phase)
            }
        }
        let last = Event.responseReady(keepAlive: false, handlerCloses: false, draining: false, version: .http1_1)
        check([last]) { sample in
            switch sample {
            case .readingIdle, .readingHead, .readingBody, .finishing:
                StateOutcome(.write(.close), .writingLast(endsEarly: false))
            case .finishingEarly: StateOutcome(.write(.close), .writingLast(endsEarly: true))
            case .writingLast, .writingLastEarly, .lingering, .closed: StateOutcome(.none, sample.phase)
            }
        }
        let draining = Event.responseReady(keepAlive: true, handlerCloses: false, draining: true, version: .http1_1)
        check([draining]) { sample in
            switch sample {
            case .readingIdle, .readingHead, .readingBody, .finishing, .finishingEarly:
                StateOutcome(.write(.close), .writingLast(endsEarly: true))
            case .writingLast, .writingLastEarly, .lingering, .closed: StateOutcome(.none, sample.phase)
            }
        }
    }

    @Test func writtenOutputLingersOrClosesAfterTheLastResponse() {
        check([.writeFinished(progressed: true, pending: false, overLimit: false, partialRequest: false)]) { sample in
            switch sample {
            case .writingLast: StateOutcome(.close, sample.phase)
            case .writingLastEarly: StateOutcome(.linger, sample.phase)
            default: StateOutcome(.none, sample.phase)
            }
        }
        check([.writeFinished(progressed: true, pending: false, overLimit: false, partialRequest: true)]) {
            StateOutcome([.writingLast, .writingLastEarly].contains($0) ? .linger : .none, $0.phase)
        }
        check([.peerClosed, .writeFinished(progressed: true, pending: false, overLimit: false, partialRequest: true)]) {
            StateOutcome([.writingLast, .writingLastEarly].contains($0) ? .close : .none, $0.phase)
        }
        check([.writeFinished(progressed: false, pending: true, overLimit: false, partialRequest: false)]) {
            StateOutcome(.none, $0.phase)
        }
        check([.writeFinished(progressed: false, pending: true, overLimit: true, partialRequest: false)]) {
            StateOutcome($0 == .closed ? .none : .close, $0.phase)
        }
    }

    @Test func halfCloseStartsLingeringOnlyAfterTheLastResponse() {
        check([.halfClosed]) { sample in
            switch sample {
            case .writingLast, .writingLastEarly: StateOutcome(.none, .lingering(since: 10 * oneSecond))
            default: StateOutcome(.none, sample.phase)
            }
        }
    }

    @Test func settlingArmsTheDeadlineInForce() {
        check([.settled(idle: true, awaitingResponses: false, outputPending: false, draining: false)]) { sample in
            switch sample {
            case .readingIdle: StateOutcome(.armTimer(60 * oneSecond), sample.phase)
            case .readingHead: StateOutcome(.armTimer(11 * oneSecond), sample.phase)
            case .readingBody: StateOutcome(.armTimer(32 * oneSecond), sample.phase)
            case .finishing: StateOutcome(.armTimer(63 * oneSecond), sample.phase)
            case .finishingEarly: StateOutcome(.armTimer(60 * oneSecond), sample.phase)
            case .writingLast, .writingLastEarly: StateOutcome(.armTimer(64 * oneSecond), sample.phase)
            case .lingering: StateOutcome(.armTimer(7 * oneSecond), sample.phase)
            case .closed: StateOutcome(.none, .closed)
            }
        }
        check([.settled(idle: false, awaitingResponses: true, outputPending: false, draining: false)]) {
            StateOutcome($0 == .lingering ? .armTimer(7 * oneSecond) : .none, $0.phase)
        }
    }

    @Test func settlingClosesAFinishedConnection() {
        check([.peerClosed, .settled(idle: true, awaitingResponses: false, outputPending: false, draining: false)]) {
            sample in
            switch sample {
            case .lingering: StateOutcome(.armTimer(7 * oneSecond), sample.phase)
            case .closed: StateOutcome(.none, sample.phase)
            default: StateOutcome(.close, sample.phase)
            }
        }
        check([.peerClosed, .settled(idle: false, awaitingResponses: true, outputPending: false, draining: false)]) {
            StateOutcome($0 == .lingering ? .armTimer(7 * oneSecond) : .none, $0.phase)
        }
        check([.settled(idle: true, awaitingResponses: false, outputPending: false, draining: true)]) { sample in
            switch sample {
            case .lingering: StateOutcome(.armTimer(7 * oneSecond), sample.phase)
            case .closed: StateOutcome(.none, sample.phase)
            default: StateOutcome(.close, sample.phase)
            }
        }
    }

    @Test func expiredDeadlinesCloseOrAnswer408() {
        check([.timerFired(awaitingResponses: false)], at: 100) { sample in
            switch sample {
            case .readingHead, .readingBody: StateOutcome(.respondRequestTimeout, sample.phase)
            case .closed: StateOutcome(.none, .closed)
            default: StateOutcome(.close, sample.phase)
            }
        }
        check([.timerFired(awaitingResponses: true)], at: 100) { sample in
            StateOutcome(sample == .lingering ? .close : .none, sample.phase)
        }
        check([.timerFired(awaitingResponses: false)], at: 10) { sample in
            switch sample {
            case .readingIdle: StateOutcome(.armTimer(60 * oneSecond), sample.phase)
            case .readingHead: StateOutcome(.armTimer(11 * oneSecond), sample.phase)
            case .readingBody: StateOutcome(.armTimer(32 * oneSecond), sample.phase)
            case .finishing: StateOutcome(.armTimer(63 * oneSecond), sample.phase)
            case .finishingEarly: StateOutcome(.armTimer(60 * oneSecond), sample.phase)
            case .writingLast, .writingLastEarly: StateOutcome(.armTimer(64 * oneSecond), sample.phase)
            case .lingering: StateOutcome(.close, sample.phase)
            case .closed: StateOutcome(.none, .closed)
            }
        }
    }

    @Test func shutdownClosesIdleConnectionsButLetsLingeringFinish() {
        check([.shutdown(idle: true)]) { StateOutcome([.lingering, .closed].contains($0) ? .none : .close, $0.phase) }
        check([.shutdown(idle: false)]) { StateOutcome(.none, $0.phase) }
    }

    @Test func closingIsFinal() {
        check([.closed]) { _ in StateOutcome(.none, .closed) }
        let everyEvent: [Event] = [
            .socketReady(readable: true, hungUp: true, writable: true), .readOpportunity(backpressured: false),
            .bytesRead(filledBuffer: false), .readWouldBlock, .peerClosed,
            .needMoreData(partialRequest: true, readingBody: true, awaitingResponses: false),
            .requestParsed(keepAlive: false), .requestRejected,
            .responseReady(keepAlive: false, handlerCloses: true, draining: true, version: nil), .writeWouldBlock,
            .writeFinished(progressed: true, pending: false, overLimit: true, partialRequest: true), .halfClosed,
            .settled(idle: true, awaitingResponses: false, outputPending: false, draining: true),
            .timerFired(awaitingResponses: false), .shutdown(idle: true),
        ]
        for event in everyEvent {
            var state = StateSample.closed.make()
            #expect(state.outcome([event], at: 100) == StateOutcome(.none, .closed), "\(event)")
            #expect(state.deadline(awaitingResponses: false) == nil)
        }
    }
}
