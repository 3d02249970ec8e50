#if canImport(Glibc)
    import Glibc
#endif

/// Bytes waiting to be written to one connection, as references to immutable chunks.
///
/// Responses are appended whole; `fill` describes the pending bytes as `iovec`s so one `sendmsg` writes
/// heads and bodies of several pipelined responses together, and `consume` drops what the kernel took.
struct OutputQueue {
    private struct Entry {
        let chunk: ByteChunk
        var offset: Int
    }

    private var entries: [Entry] = []
    private var first = 0
    /// Bytes not yet written.
    private(set) var byteCount = 0

    var isEmpty: Bool { byteCount == 0 }

    mutating func append(_ chunk: ByteChunk) {
        guard chunk.count > 0 else { return }
        entries.append(Entry(chunk: chunk, offset: 0))
        byteCount += chunk.count
    }

    /// Writes up to `capacity` `iovec`s describing the pending bytes; returns how many were written.
    func fill(_ vectors: UnsafeMutablePointer<iovec>, capacity: Int) -> Int {
        var count = 0
        var index = first
        while index < entries.count && count < capacity {
            let entry = entries[index]
            vectors[count] = iovec(iov_base: entry.chunk.base + entry.offset, iov_len: entry.chunk.count - entry.offset)
            count += 1
            index += 1
        }
        return count
    }

    /// Drops `count` written bytes from the front.
    mutating func consume(_ count: Int) {
        var remaining = count
        byteCount -= count
        while remaining > 0 && first < entries.count {
            let available = entries[first].chunk.count - entries[first].offset
            if remaining >= available {
                remaining -= available
                first += 1
            } else {
                entries[first].offset += remaining
                remaining = 0
            }
        }
        if first == entries.count {
            entries.removeAll(keepingCapacity: entries.capacity <= 64)
            first = 0
        } else if first >= 32 {
            entries.removeFirst(first)
            first = 0
        }
    }

    mutating func removeAll() {
        entries.removeAll()
        first = 0
        byteCount = 0
    }
}
