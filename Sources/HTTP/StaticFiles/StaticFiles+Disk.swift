#if canImport(Glibc)
    import Glibc
#endif

extension StaticFiles {
    /// Resolves `key` under the root with `realpath` (refusing anything that lands outside) and stats it.
    func stampAndResolve(_ key: String) throws(HTTPError) -> (path: String, stamp: StaticFile.Stamp) {
        guard let path = StaticFiles.realPath(root + "/" + key), path.hasPrefix(root + "/") else {
            throw HTTPError(.notFound, "no such file")
        }
        var info = stat()
        do {
            _ = try SystemCall.check("stat") { stat(path, &info) }
        } catch {
            throw HTTPError(.notFound, "no such file")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw HTTPError(.notFound, "not a regular file") }
        guard Int(info.st_size) <= maxFileBytesLimit else {
            throw HTTPError(.notFound, "file too large to serve from memory")
        }
        return (path, StaticFiles.stamp(info))
    }

    /// Reads the whole file; if it changed while being read, the stamp of what was read is checked again.
    func read(_ path: String, expected: StaticFile.Stamp) throws(HTTPError) -> [UInt8] {
        let descriptor = try SystemCall.check("open") { open(path, O_RDONLY | O_CLOEXEC) }
        defer { SystemCall.release(descriptor) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expected.size)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try SystemCall.check("read") {
                chunk.withUnsafeMutableBytes { buffer in Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= maxFileBytesLimit else { throw HTTPError(.notFound, "file too large") }
        }
        return bytes
    }

    static func stamp(_ info: stat) -> StaticFile.Stamp {
        StaticFile.Stamp(
            size: Int(info.st_size), modifiedSeconds: Int(info.st_mtim.tv_sec),
            modifiedNanoseconds: Int(info.st_mtim.tv_nsec), inode: UInt64(info.st_ino))
    }

    /// `realpath(3)`, or `nil` when the path does not resolve.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
