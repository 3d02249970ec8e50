/// The database's own health for `/healthz` and `/metrics`: whether it answers, whether writes fail for lack
/// of space, and its size. Not a store: no domain data passes through it.
protocol DatabaseHealth: Sendable {
    /// Throws when the database cannot be used at all.
    func check() throws(StoreError)

    /// While writes fail for lack of space, tries a write that needs fresh space (at most once a second, on the
    /// monotonic clock `now` in seconds); returns whether the storage is still full.
    func probeStorage(now: Double) async -> Bool

    /// Whether writes currently fail for lack of space.
    var isFull: Bool { get }

    /// The bytes the database occupies on disk.
    var sizeBytes: Int64 { get }
}
