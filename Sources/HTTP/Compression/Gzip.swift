import CZlib

/// gzip (RFC 1952) through zlib, for static files and pre-rendered pages compressed once and served often.
public enum Gzip {
    /// Compresses `bytes` into a gzip member (`deflateInit2` with windowBits 31).
    ///
    /// - Throws: `HTTPError` (500) if zlib fails, which only happens when it cannot allocate.
    public static func compress(_ bytes: [UInt8], level: Int32 = 9) throws(HTTPError) -> [UInt8] {
        var stream = z_stream()
        let initialized = deflateInit2_(
            &stream, level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initialized == Z_OK else { throw HTTPError(.internalServerError, "deflateInit2 failed (\(initialized))") }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))))
        let status = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = UInt32(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw HTTPError(.internalServerError, "deflate failed (\(status))") }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }

    /// Decompresses a gzip member, refusing output larger than `maxBytes` (a decompression bomb).
    ///
    /// - Throws: `HTTPError`: 400 for corrupt or truncated input, 413 beyond `maxBytes`.
    public static func decompress(_ bytes: [UInt8], maxBytes: Int = 16 * 1024 * 1024) throws(HTTPError) -> [UInt8] {
        var stream = z_stream()
        let initialized = inflateInit2_(&stream, 31, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initialized == Z_OK else { throw HTTPError(.internalServerError, "inflateInit2 failed (\(initialized))") }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        return try bytes.withUnsafeBufferPointer { input throws(HTTPError) -> [UInt8] in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, out.count - Int(stream.avail_out))
                }
                output.append(contentsOf: chunk[0..<produced])
                guard output.count <= maxBytes else {
                    throw HTTPError(.contentTooLarge, "decompressed data larger than \(maxBytes) bytes")
                }
                switch status {
                case Z_STREAM_END:
                    return output
                case Z_OK where produced > 0 || stream.avail_in > 0:
                    continue
                default:
                    throw HTTPError(.badRequest, "corrupt or truncated gzip data")
                }
            }
        }
    }
}
