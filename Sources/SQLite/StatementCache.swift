/// Prepared statements keyed by their SQL text, evicting the least recently used beyond a capacity.
///
/// Preparing costs more than running most of our statements, and the app sends the same few dozen
/// SQL strings over and over, so each connection keeps them compiled.
struct StatementCache {
    private struct Entry {
        let statement: Statement
        var lastUse: UInt64
    }

    let capacity: Int
    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0
    /// How many lookups found a compiled statement, for tests and diagnostics.
    private(set) var hits = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    var count: Int { entries.count }

    /// The cached statement for `sql` if there is one and nobody is stepping it.
    mutating func statement(for sql: String) -> Statement? {
        guard var entry = entries[sql], !entry.statement.isInUse else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[sql] = entry
        hits += 1
        return entry.statement
    }

    /// Keeps `statement` for later, evicting the least recently used entry when full.
    mutating func insert(_ statement: Statement) {
        guard capacity > 0, entries[statement.sql] == nil else { return }
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
        }
        clock += 1
        entries[statement.sql] = Entry(statement: statement, lastUse: clock)
    }

    /// Drops every statement; each is finalised when its last reference goes.
    mutating func removeAll() {
        entries.removeAll()
    }
}
