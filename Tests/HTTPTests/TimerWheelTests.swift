import Testing

@testable import HTTP

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
