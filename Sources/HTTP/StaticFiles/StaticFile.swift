import CZlib

/// One file of the static root, read and prepared once: identity and (when it pays) gzip variants, each
/// with its strong ETag and its 200 and 304 responses serialized in advance. Immutable; a changed file
/// gets a new instance.
final class StaticFile: Sendable {
    /// One content coding of the file.
    struct Variant: Sendable {
        let etag: String
        let full: PrebuiltResponse
        let notModified: PrebuiltResponse
    }

    /// What identifies the file's version on disk.
    struct Stamp: Equatable, Sendable {
        let size: Int
        let modifiedSeconds: Int
        let modifiedNanoseconds: Int
        let inode: UInt64
    }

    let stamp: Stamp
    let identity: Variant
    let gzip: Variant?

    /// Prepares `bytes` for serving; gzip is kept only for compressible types where it saves space.
    init(bytes: [UInt8], path: String, stamp: Stamp, cacheControl: String) throws(HTTPError) {
        self.stamp = stamp
        let contentType = MediaTypes.type(forPath: path)
        let compressible = MediaTypes.isCompressible(contentType)
        let hash = StaticFile.contentHash(bytes)
        var headers = Headers()
        headers.add("Content-Type", contentType)
        headers.add("Cache-Control", cacheControl)
        headers.add("Last-Modified", DateCache.imfFixdate(stamp.modifiedSeconds))
        if compressible { headers.add("Vary", "Accept-Encoding") }
        identity = StaticFile.variant(etag: "\"\(hash)\"", headers: headers, body: bytes)
        var gzipVariant: Variant?
        if compressible && bytes.count >= 256 {
            let compressed = try Gzip.compress(bytes)
            if compressed.count < bytes.count {
                headers.add("Content-Encoding", "gzip")
                gzipVariant = StaticFile.variant(etag: "\"\(hash)-gz\"", headers: headers, body: compressed)
            }
        }
        gzip = gzipVariant
    }

    private static func variant(etag: String, headers: Headers, body: [UInt8]) -> Variant {
        var headers = headers
        headers.add("ETag", etag)
        var notModifiedHeaders = Headers()
        for (name, value) in headers where !Headers.namesEqual(name, "Content-Type") {
            notModifiedHeaders.add(name, value)
        }
        return Variant(
            etag: etag, full: PrebuiltResponse(status: .ok, headers: headers, body: body),
            notModified: PrebuiltResponse(status: .notModified, headers: notModifiedHeaders, body: []))
    }

    /// Size plus CRC-32 and Adler-32 of the content: changes whenever the bytes do.
    private static func contentHash(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            let count = UInt32(buffer.count)
            let crc = crc32(0, buffer.baseAddress, count)
            let adler = adler32(1, buffer.baseAddress, count)
            return String(buffer.count, radix: 16) + "-" + String(crc, radix: 16) + String(adler, radix: 16)
        }
    }
}
