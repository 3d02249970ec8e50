import Locking

/// The learner id behind a device token, remembered by the token's SHA-256 digest for the write routes.
///
/// A token is bound to one learner for life: Folio never reassigns, rotates in place or deletes a row of
/// `learner_tokens` (a learner's tokens go only with the learner, by `ON DELETE CASCADE`). So an id found once
/// stays right, and an attempt or a reveal need not read the database before it is queued, which on
/// PostgreSQL is a round trip and a transaction per request. Only found tokens are remembered (an unknown one
/// is read every time, and throttled as before), only digests are kept (never a secret), and an entry
/// expires after `lifetime`, so a token removed by hand from the database stops working on every node
/// within that time (its writes would fail on the learner's foreign key meanwhile, never land elsewhere).
///
/// Bounded: two generations of at most `capacity` entries; when the newer fills, the older is dropped, so
/// tokens in use stay and the memory is at most twice `capacity` digests.
final class LearnerIDCache: Sendable {
    private struct Entry {
        var learnerID: Int64
        var expiresAt: Int64
    }

    private struct Generations {
        var newer: [[UInt8]: Entry] = [:]
        var older: [[UInt8]: Entry] = [:]
    }

    private let generations = Locked(Generations())
    let capacity: Int
    let lifetimeMilliseconds: Int64

    init(capacity: Int = 50_000, lifetimeMilliseconds: Int64 = 10 * 60 * 1000) {
        precondition(capacity > 0 && lifetimeMilliseconds > 0, "the learner id cache needs room and a lifetime")
        self.capacity = capacity
        self.lifetimeMilliseconds = lifetimeMilliseconds
    }

    /// The learner id remembered for `digest`, if it has not expired.
    func learnerID(digest: [UInt8], now: Int64 = WallClock.nowMilliseconds()) -> Int64? {
        generations.withLock { state in
            if let entry = state.newer[digest] {
                return entry.expiresAt > now ? entry.learnerID : nil
            }
            guard let entry = state.older[digest], entry.expiresAt > now else { return nil }
            state.older[digest] = nil
            Self.insert(entry, for: digest, into: &state, capacity: capacity)
            return entry.learnerID
        }
    }

    /// Remembers that `digest` belongs to `learnerID`.
    func remember(digest: [UInt8], learnerID: Int64, now: Int64 = WallClock.nowMilliseconds()) {
        let entry = Entry(learnerID: learnerID, expiresAt: now + lifetimeMilliseconds)
        generations.withLock { state in Self.insert(entry, for: digest, into: &state, capacity: capacity) }
    }

    /// How many digests are held (both generations), for tests.
    var count: Int {
        generations.withLock { $0.newer.count + $0.older.count }
    }

    private static func insert(_ entry: Entry, for digest: [UInt8], into state: inout Generations, capacity: Int) {
        if state.newer.count >= capacity, state.newer[digest] == nil {
            state.older = state.newer
            state.newer = [:]
        }
        state.newer[digest] = entry
    }
}
