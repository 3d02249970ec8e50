import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// One second's large prebuilt responses, each written whole (head with that second's `Date`, then the
/// body) into an anonymous in-memory file, so every response goes out with a single `sendfile`: head and
/// body in one system call, as with `sendmsg`, but the body reaches the socket by page reference instead
/// of being copied (what makes nginx fast on large pages).
///
/// Regions are only ever appended, never rewritten, so bytes in flight never change. The `Date` changes
/// every second, so each second gets a new file; the old one is closed when the last queued output that
/// points into it is gone (queued entries hold the file). Owned by one event loop.
final class ResponseFile {
    private struct Key: Hashable {
        let response: ObjectIdentifier
        let connection: DateCache.ConnectionHeader
    }

    private struct Region {
        /// Held so the `ObjectIdentifier` in the key cannot be reused by another response this second.
        let response: PrebuiltResponse
        let offset: Int
        let count: Int
    }

    let descriptor: Int32
    /// The wall-clock second whose `Date` this file's heads carry.
    let second: Int
    private var end = 0
    private var regions: [Key: Region] = [:]

    /// Creates the file for `second`.
    ///
    /// - Throws: `HTTPError` naming `memfd_create` when no in-memory file can be made.
    init(second: Int) throws(HTTPError) {
        descriptor = try SystemCall.check("memfd_create") { csystem_memfd("http-responses") }
        self.second = second
    }

    /// Where `prebuilt` with `tail` (this second's `Date` and connection header) lies in the file,
    /// writing it on first use this second.
    ///
    /// - Throws: `HTTPError` naming `pwritev` (out of memory).
    func region(
        for prebuilt: PrebuiltResponse, connection: DateCache.ConnectionHeader, tail: ByteChunk
    ) throws(HTTPError) -> (offset: Int, count: Int) {
        let key = Key(response: ObjectIdentifier(prebuilt), connection: connection)
        if let region = regions[key] { return (region.offset, region.count) }
        let parts = [prebuilt.head, tail, prebuilt.body]
        let count = parts.reduce(0) { $0 + $1.count }
        var vectors = parts.map { iovec(iov_base: $0.base, iov_len: $0.count) }
        let offset = end
        let written = try withExtendedLifetime(parts) { () throws(HTTPError) -> Int in
            try SystemCall.check("pwritev") {
                csystem_pwritev(descriptor, &vectors, Int32(vectors.count), off_t(offset))
            }
        }
        guard written == count else {
            throw HTTPError(.internalServerError, "pwritev wrote \(written) of \(count) bytes")
        }
        end += count
        regions[key] = Region(response: prebuilt, offset: offset, count: count)
        return (offset, count)
    }

    deinit {
        SystemCall.release(descriptor)
    }
}
