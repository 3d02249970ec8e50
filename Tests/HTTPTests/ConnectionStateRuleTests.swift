import Testing

@testable import HTTP

/// The connection rules as whole conversations: keep-alive, pipelining order, timeouts, graceful shutdown.
@Suite struct ConnectionStateRuleTests {
    private typealias Event = ConnectionState.Event

    private static func response(_ keepAlive: Bool, closes: Bool = false, draining: Bool = false) -> Event {
        .responseReady(keepAlive: keepAlive, handlerCloses: closes, draining: draining, version: .http1_1)
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", false, false, true),
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", true, false, false),
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", false, true, false),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", false, false, false),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: keep-alive, Close\r\n\r\n", false, false, false),
        ("GET / HTTP/1.0\r\n\r\n", false, false, false),
        ("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", false, false, true),
        ("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", true, false, false),
    ])
    func keepAliveRules(text: String, handlerCloses: Bool, draining: Bool, keepsAlive: Bool) throws {
        let request = try parseRequest(text)
        let wants = ConnectionState.keepsAlive(
            requestWants: request.wantsKeepAlive, handlerCloses: false, draining: false)
        #expect(
            ConnectionState.keepsAlive(requestWants: wants, handlerCloses: handlerCloses, draining: draining)
                == keepsAlive)
        var state = ConnectionState(limits: stateLimits, now: 0)
        _ = state.handle(.requestParsed(keepAlive: wants), now: 0)
        let ready = Event.responseReady(
            keepAlive: wants, handlerCloses: handlerCloses, draining: draining, version: request.version)
        let header: DateCache.ConnectionHeader =
            keepsAlive ? (request.version == .http1_0 ? .keepAlive : .none) : .close
        #expect(state.handle(ready, now: 0) == .write(header))
        #expect(state.parsesRequests == keepsAlive)
        #expect(state.acceptsResponses == keepsAlive)
    }

    @Test func connectionHeaderMatchesVersion() {
        #expect(ConnectionState.connectionHeader(version: .http1_1, keepAlive: true) == .none)
        #expect(ConnectionState.connectionHeader(version: .http1_0, keepAlive: true) == .keepAlive)
        #expect(ConnectionState.connectionHeader(version: .http1_1, keepAlive: false) == .close)
        #expect(ConnectionState.connectionHeader(version: nil, keepAlive: false) == .close)
    }

    @Test func pipelinedResponsesBeforeTheClosingOneAreWrittenAndLaterOnesDropped() {
        var state = ConnectionState(limits: stateLimits, now: 0)
        _ = state.handle(.requestParsed(keepAlive: true), now: 0)
        _ = state.handle(.requestParsed(keepAlive: true), now: 0)
        _ = state.handle(.requestParsed(keepAlive: false), now: 0)
        #expect(!state.parsesRequests)
        _ = state.handle(.socketReady(readable: true, hungUp: false, writable: true), now: 0)
        #expect(state.handle(.readOpportunity(backpressured: false), now: 0) == .none)
        #expect(state.handle(Self.response(true), now: 0) == .write(.none))
        #expect(state.handle(Self.response(true, closes: true), now: 0) == .write(.close))
        #expect(state.phase == .writingLast(endsEarly: false))
        #expect(state.handle(Self.response(false), now: 0) == .none)
    }

    @Test func aRejectionBehindPendingResponsesLingersAfterThem() throws {
        var state = ConnectionState(limits: stateLimits, now: 0)
        _ = state.handle(.requestParsed(keepAlive: true), now: 0)
        _ = state.handle(.requestRejected, now: 0)
        #expect(state.handle(Self.response(true), now: 0) == .write(.none))
        #expect(state.phase == .finishing(endsEarly: true))
        #expect(state.handle(Self.response(false), now: 0) == .write(.close))
        let written = Event.writeFinished(progressed: true, pending: false, overLimit: false, partialRequest: false)
        #expect(state.handle(written, now: 1 * oneSecond) == .linger)
        _ = state.handle(.halfClosed, now: 1 * oneSecond)
        #expect(try #require(state.deadline(awaitingResponses: false)) == (.linger, 3 * oneSecond))
        #expect(state.handle(.readOpportunity(backpressured: true), now: 1 * oneSecond) == .discardInput)
        #expect(state.handle(.peerClosed, now: 2 * oneSecond) == .close)
    }

    @Test func partialHeadStartsHeaderTimerThatMoreBytesDoNotExtend() throws {
        var state = ConnectionState(limits: stateLimits, now: 0)
        let head = Event.needMoreData(partialRequest: true, readingBody: false, awaitingResponses: false)
        _ = state.handle(head, now: 1 * oneSecond)
        _ = state.handle(.bytesRead(filledBuffer: false), now: 9 * oneSecond)
        _ = state.handle(head, now: 9 * oneSecond)
        #expect(try #require(state.deadline(awaitingResponses: false)) == (.headerRead, 11 * oneSecond))
        #expect(state.handle(.timerFired(awaitingResponses: false), now: 11 * oneSecond) == .respondRequestTimeout)
    }

    @Test func bodyTimerFollowsCompleteHeadAndACompletedRequestReturnsToIdle() throws {
        var state = ConnectionState(limits: stateLimits, now: 0)
        _ = state.handle(.needMoreData(partialRequest: true, readingBody: false, awaitingResponses: false), now: 1)
        _ = state.handle(
            .needMoreData(partialRequest: true, readingBody: true, awaitingResponses: false), now: 2 * oneSecond)
        #expect(try #require(state.deadline(awaitingResponses: false)) == (.bodyRead, 32 * oneSecond))
        _ = state.handle(.requestParsed(keepAlive: true), now: 3 * oneSecond)
        _ = state.handle(
            .needMoreData(partialRequest: false, readingBody: false, awaitingResponses: false), now: 3 * oneSecond)
        #expect(try #require(state.deadline(awaitingResponses: false)) == (.idle, 63 * oneSecond))
    }

    @Test func noRequestTimersWhileHandlersAreAwaited() {
        var state = ConnectionState(limits: stateLimits, now: 0)
        _ = state.handle(.needMoreData(partialRequest: true, readingBody: false, awaitingResponses: true), now: 1)
        #expect(state.deadline(awaitingResponses: true) == nil)
        #expect(state.handle(.timerFired(awaitingResponses: true), now: 100 * oneSecond) == .none)
    }

    @Test func stalledOutputGetsWriteDeadlineAndProgressClearsIt() throws {
        var state = ConnectionState(limits: stateLimits, now: 0)
        _ = state.handle(
            .writeFinished(progressed: true, pending: true, overLimit: false, partialRequest: false), now: 4 * oneSecond
        )
        _ = state.handle(
            .writeFinished(progressed: false, pending: true, overLimit: false, partialRequest: false),
            now: 5 * oneSecond)
        #expect(try #require(state.deadline(awaitingResponses: true)) == (.write, 24 * oneSecond))
        #expect(state.handle(.timerFired(awaitingResponses: true), now: 24 * oneSecond) == .close)
        _ = state.handle(
            .writeFinished(progressed: true, pending: false, overLimit: false, partialRequest: false),
            now: 6 * oneSecond)
        #expect(try #require(state.deadline(awaitingResponses: false)) == (.idle, 66 * oneSecond))
    }

    @Test func writeBlockedClearsWritableUntilEpollReportsIt() {
        var state = ConnectionState(limits: stateLimits, now: 0)
        #expect(state.isWritable)
        _ = state.handle(.writeWouldBlock, now: 0)
        #expect(!state.isWritable)
        _ = state.handle(.socketReady(readable: false, hungUp: false, writable: true), now: 0)
        #expect(state.isWritable)
    }

    @Test func gracefulShutdownClosesKeepAliveConnectionsAfterTheirResponse() {
        var state = ConnectionState(limits: stateLimits, now: 0)
        let wants = ConnectionState.keepsAlive(requestWants: true, handlerCloses: false, draining: true)
        #expect(!wants)
        _ = state.handle(.requestParsed(keepAlive: true), now: 0)
        #expect(state.handle(.shutdown(idle: false), now: 0) == .none)
        #expect(state.handle(Self.response(true, draining: true), now: 0) == .write(.close))
        #expect(state.phase == .writingLast(endsEarly: true))
        let written = Event.writeFinished(progressed: true, pending: false, overLimit: false, partialRequest: false)
        #expect(state.handle(written, now: 0) == .linger)
    }
}
