/// Immutable bytes at a stable address, so queued output can point `iovec`s at them without copying.
///
/// `@unchecked Sendable`: the memory is written only inside `init` and freed in `deinit`.
final class ByteChunk: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let count: Int

    /// Allocates `count` bytes and lets `fill` write all of them.
    init(count: Int, fill: (UnsafeMutableRawBufferPointer) -> Void) {
        self.count = count
        base = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        fill(UnsafeMutableRawBufferPointer(start: base, count: count))
    }

    convenience init(_ bytes: [UInt8]) {
        self.init(count: bytes.count) { buffer in
            bytes.withUnsafeBytes { source in
                if let address = source.baseAddress {
                    buffer.baseAddress?.copyMemory(from: address, byteCount: source.count)
                }
            }
        }
    }

    /// Concatenates byte sequences into one chunk.
    convenience init(concatenating parts: [UnsafeRawBufferPointer]) {
        self.init(count: parts.reduce(0) { $0 + $1.count }) { buffer in
            guard let destination = buffer.baseAddress else { return }
            var offset = 0
            for part in parts {
                if let source = part.baseAddress {
                    (destination + offset).copyMemory(from: source, byteCount: part.count)
                }
                offset += part.count
            }
        }
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    var array: [UInt8] { Array(bytes) }

    deinit {
        base.deallocate()
    }
}
