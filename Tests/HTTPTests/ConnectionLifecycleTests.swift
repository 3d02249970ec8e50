import Testing

@testable import HTTP

@Suite struct ConnectionLifecycleTests {
    private let limits: ServerLimits = {
        var limits = ServerLimits()
        limits.headerReadTimeout = .seconds(10)
        limits.bodyReadTimeout = .seconds(30)
        limits.idleTimeout = .seconds(60)
        limits.writeTimeout = .seconds(20)
        limits.lingerTimeout = .seconds(2)
        return limits
    }()
    private let second: UInt64 = 1_000_000_000

    @Test func idleConnectionGetsIdleDeadline() throws {
        let lifecycle = ConnectionLifecycle(limits: limits, now: 5 * second)
        #expect(try #require(lifecycle.deadline(awaitingResponses: false)) == (.idle, 65 * second))
    }

    @Test func partialHeadStartsHeaderTimerThatMoreBytesDoNotExtend() throws {
        var lifecycle = ConnectionLifecycle(limits: limits, now: 0)
        lifecycle.parsed(now: 1 * second, partialRequest: true, readingBody: false, awaitingResponses: false)
        lifecycle.touched(now: 9 * second)
        lifecycle.parsed(now: 9 * second, partialRequest: true, readingBody: false, awaitingResponses: false)
        #expect(try #require(lifecycle.deadline(awaitingResponses: false)) == (.headerRead, 11 * second))
    }

    @Test func bodyTimerFollowsCompleteHead() throws {
        var lifecycle = ConnectionLifecycle(limits: limits, now: 0)
        lifecycle.parsed(now: 1 * second, partialRequest: true, readingBody: false, awaitingResponses: false)
        lifecycle.parsed(now: 2 * second, partialRequest: true, readingBody: true, awaitingResponses: false)
        #expect(try #require(lifecycle.deadline(awaitingResponses: false)) == (.bodyRead, 32 * second))
    }

    @Test func completedRequestReturnsToIdle() throws {
        var lifecycle = ConnectionLifecycle(limits: limits, now: 0)
        lifecycle.parsed(now: 1 * second, partialRequest: true, readingBody: false, awaitingResponses: false)
        lifecycle.touched(now: 3 * second)
        lifecycle.parsed(now: 3 * second, partialRequest: false, readingBody: false, awaitingResponses: false)
        #expect(try #require(lifecycle.deadline(awaitingResponses: false)) == (.idle, 63 * second))
    }

    @Test func noRequestTimersWhileHandlersAreAwaited() {
        var lifecycle = ConnectionLifecycle(limits: limits, now: 0)
        lifecycle.parsed(now: 1 * second, partialRequest: true, readingBody: false, awaitingResponses: true)
        #expect(lifecycle.deadline(awaitingResponses: true) == nil)
    }

    @Test func stalledOutputGetsWriteDeadlineAndProgressClearsIt() throws {
        var lifecycle = ConnectionLifecycle(limits: limits, now: 0)
        lifecycle.wrote(now: 4 * second, progressed: true, pending: true)
        lifecycle.wrote(now: 5 * second, progressed: false, pending: true)
        #expect(try #require(lifecycle.deadline(awaitingResponses: true)) == (.write, 24 * second))
        lifecycle.wrote(now: 6 * second, progressed: true, pending: false)
        #expect(try #require(lifecycle.deadline(awaitingResponses: false)) == (.idle, 66 * second))
    }

    @Test func lingerOverridesEverything() throws {
        var lifecycle = ConnectionLifecycle(limits: limits, now: 0)
        lifecycle.wrote(now: 1 * second, progressed: false, pending: true)
        lifecycle.startLinger(now: 7 * second)
        #expect(try #require(lifecycle.deadline(awaitingResponses: true)) == (.linger, 9 * second))
    }

    @Test(arguments: [
        (ConnectionLifecycle.Timeout.headerRead, ConnectionLifecycle.TimeoutAction.respondRequestTimeout),
        (.bodyRead, .respondRequestTimeout), (.idle, .close), (.write, .close), (.linger, .close),
    ])
    func timeoutActions(timeout: ConnectionLifecycle.Timeout, action: ConnectionLifecycle.TimeoutAction) {
        #expect(ConnectionLifecycle.action(for: timeout) == action)
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", false, false, true),
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", true, false, false),
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", false, true, false),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", false, false, false),
        ("GET / HTTP/1.0\r\n\r\n", false, false, false),
        ("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", false, false, true),
    ])
    func keepAliveRules(text: String, handlerCloses: Bool, draining: Bool, keepsAlive: Bool) throws {
        let request = try parseRequest(text)
        #expect(
            ConnectionLifecycle.keepsAlive(request, responseRequestsClose: handlerCloses, draining: draining)
                == keepsAlive)
    }

    @Test func connectionHeaderMatchesVersion() {
        #expect(ConnectionLifecycle.connectionHeader(version: .http1_1, keepAlive: true) == .none)
        #expect(ConnectionLifecycle.connectionHeader(version: .http1_0, keepAlive: true) == .keepAlive)
        #expect(ConnectionLifecycle.connectionHeader(version: .http1_1, keepAlive: false) == .close)
        #expect(ConnectionLifecycle.connectionHeader(version: nil, keepAlive: false) == .close)
    }
}

@Suite struct TimerWheelTests {
    @Test func firesEntriesAtTheirTickAndNotBefore() {
        var wheel = TimerWheel(resolution: 10, now: 0, slotCount: 8)
        wheel.schedule(key: 1, deadline: 25)
        wheel.schedule(key: 2, deadline: 55)
        #expect(wheel.advance(to: 29).isEmpty)
        #expect(wheel.advance(to: 30).map(\.key) == [1])
        #expect(wheel.advance(to: 59).isEmpty)
        #expect(wheel.advance(to: 60).map(\.key) == [2])
        #expect(wheel.count == 0)
    }

    @Test func keepsEntriesBeyondOneRevolution() {
        var wheel = TimerWheel(resolution: 10, now: 0, slotCount: 4)
        wheel.schedule(key: 7, deadline: 100)
        #expect(wheel.advance(to: 50).isEmpty)
        #expect(wheel.advance(to: 100).map(\.key) == [7])
    }

    @Test func catchesUpAfterLongGap() {
        var wheel = TimerWheel(resolution: 10, now: 0, slotCount: 4)
        for key in 1...6 { wheel.schedule(key: UInt64(key), deadline: UInt64(key) * 10) }
        #expect(Set(wheel.advance(to: 1_000).map(\.key)) == Set(1...6))
    }

    @Test func pastDeadlinesFireOnTheNextTick() {
        var wheel = TimerWheel(resolution: 10, now: 100, slotCount: 8)
        let tick = wheel.schedule(key: 3, deadline: 5)
        #expect(tick == 11)
        #expect(wheel.advance(to: 110).map(\.key) == [3])
    }
}
