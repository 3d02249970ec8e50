/// A hashed timing wheel of connection deadlines: O(1) to schedule, O(expired) to advance.
///
/// Entries are never cancelled: the owner remembers the tick of each connection's live entry and ignores
/// entries that no longer match (rescheduled earlier, or the connection closed); an entry whose
/// connection's deadline moved later is simply scheduled again when it fires.
struct TimerWheel {
    struct Timer: Equatable {
        let key: UInt64
        let tick: UInt64
    }

    /// Nanoseconds per tick.
    let resolution: UInt64
    private var slots: [[Timer]]
    private var currentTick: UInt64
    /// Entries held, including stale ones.
    private(set) var count = 0

    init(resolution: UInt64, now: UInt64, slotCount: Int = 512) {
        precondition(resolution > 0 && slotCount > 0)
        self.resolution = resolution
        slots = Array(repeating: [], count: slotCount)
        currentTick = now / resolution
    }

    /// The tick at which a deadline fires (rounded up, never in the past).
    func tick(for deadline: UInt64) -> UInt64 {
        max(deadline / resolution + (deadline % resolution == 0 ? 0 : 1), currentTick + 1)
    }

    /// Schedules `key` to fire at `deadline`; returns the entry's tick.
    @discardableResult
    mutating func schedule(key: UInt64, deadline: UInt64) -> UInt64 {
        let tick = tick(for: deadline)
        slots[Int(tick % UInt64(slots.count))].append(Timer(key: key, tick: tick))
        count += 1
        return tick
    }

    /// Removes and returns every entry due at or before `now`.
    mutating func advance(to now: UInt64) -> [Timer] {
        let nowTick = now / resolution
        guard nowTick > currentTick else { return [] }
        var expired: [Timer] = []
        let steps = min(nowTick - currentTick, UInt64(slots.count))
        for step in 1...steps {
            let index = Int((currentTick + step) % UInt64(slots.count))
            guard !slots[index].isEmpty else { continue }
            var kept: [Timer] = []
            for timer in slots[index] {
                if timer.tick <= nowTick { expired.append(timer) } else { kept.append(timer) }
            }
            slots[index] = kept
        }
        currentTick = nowTick
        count -= expired.count
        return expired
    }
}
