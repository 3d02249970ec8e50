import Testing

@testable import HTTP

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct OutputQueueTests {
    @Test func memoryAndFileEntriesLeaveInOrder() throws {
        var queue = OutputQueue()
        let file = try ResponseFile(second: 1)
        let prebuilt = PrebuiltResponse(body: [UInt8](repeating: 7, count: 20_000))
        let tail = ByteChunk(Array("Date: x\r\n\r\n".utf8))
        let region = try file.region(for: prebuilt, connection: .none, tail: tail)
        #expect(try file.region(for: prebuilt, connection: .none, tail: tail) == region)
        queue.append(ByteChunk([1, 2, 3]))
        queue.append(file, offset: region.offset, count: region.count)
        queue.append(ByteChunk([4, 5]))
        #expect(queue.byteCount == 5 + region.count)
        let vectors = UnsafeMutablePointer<iovec>.allocate(capacity: 8)
        defer { vectors.deallocate() }
        #expect(queue.fill(vectors, capacity: 8) == 1)
        #expect(queue.frontFile == nil)
        queue.consume(3)
        let front = try #require(queue.frontFile)
        #expect(front.offset == region.offset && front.count == region.count)
        queue.consume(100)
        #expect(queue.frontFile?.offset == region.offset + 100)
        queue.consume(region.count - 100)
        #expect(queue.frontFile == nil)
        #expect(queue.fill(vectors, capacity: 8) == 1)
        queue.consume(2)
        #expect(queue.isEmpty)
    }
}
