/// Simplified → Traditional Chinese, one character at a time, from the table shipped as
/// `Content/keys/hans-hant.txt`.
///
/// The table is ICU's `Hans-Hant` transform of the CJK Unified Ideographs block, written out once by
/// `scripts/hans-hant-table.swift`: building it with ICU at key load cost 70–160 ms of every start-up and
/// reload. A lookup keeps grading well under the latency budget (the transform costs ~0.2 ms per answer).
public struct HanConverter: Sendable {
    /// The block the table covers; characters outside it are never converted.
    static let block: ClosedRange<UInt32> = 0x4E00...0x9FFF
    private let table: [UInt32]

    /// A converter changing each `source` into its `target`; sources must lie in `block`.
    init(changes: [(source: UInt32, target: UInt32)]) {
        var table = Array(Self.block)
        for (source, target) in changes where Self.block.contains(source) {
            table[Int(source - Self.block.lowerBound)] = target
        }
        self.table = table
    }

    /// The Traditional form of the scalar `value`; anything outside `block` or unchanged comes back as it is.
    public func convert(_ value: UInt32) -> UInt32 {
        guard Self.block.contains(value) else { return value }
        return table[Int(value - Self.block.lowerBound)]
    }
}
