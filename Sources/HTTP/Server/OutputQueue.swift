#if canImport(Glibc)
    import Glibc
#endif

/// Bytes waiting to be written to one connection, as references to immutable chunks.
///
/// Responses are appended whole; `fill` describes the pending in-memory bytes as `iovec`s so one
/// `sendmsg` writes heads and bodies of several pipelined responses together, a large prebuilt response
/// is one `ResponseFile` range for one `sendfile`, and `consume` drops what the kernel took.
struct OutputQueue {
    private enum Source {
        case memory(ByteChunk)
        case file(ResponseFile)
    }

    private struct Entry {
        let source: Source
        var offset: Int
        let end: Int
    }

    private var entries: [Entry] = []
    private var first = 0
    /// Bytes not yet written.
    private(set) var byteCount = 0

    var isEmpty: Bool { byteCount == 0 }

    mutating func append(_ chunk: ByteChunk) {
        guard chunk.count > 0 else { return }
        entries.append(Entry(source: .memory(chunk), offset: 0, end: chunk.count))
        byteCount += chunk.count
    }

    /// Queues `count` bytes of `file` from `offset`, to be sent with `sendfile`.
    mutating func append(_ file: ResponseFile, offset: Int, count: Int) {
        guard count > 0 else { return }
        entries.append(Entry(source: .file(file), offset: offset, end: offset + count))
        byteCount += count
    }

    /// The file range at the front of the queue, when the next bytes to send come from a file.
    var frontFile: (descriptor: Int32, offset: Int, count: Int)? {
        guard first < entries.count, case .file(let file) = entries[first].source else { return nil }
        return (file.descriptor, entries[first].offset, entries[first].end - entries[first].offset)
    }

    /// Writes up to `capacity` `iovec`s describing the in-memory bytes at the front of the queue (up to
    /// the first file range); returns how many were written.
    func fill(_ vectors: UnsafeMutablePointer<iovec>, capacity: Int) -> Int {
        var count = 0
        var index = first
        while index < entries.count && count < capacity {
            let entry = entries[index]
            guard case .memory(let chunk) = entry.source else { break }
            vectors[count] = iovec(iov_base: chunk.base + entry.offset, iov_len: entry.end - entry.offset)
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
            let available = entries[first].end - entries[first].offset
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
