import Foundation
import Locking
import Synchronization

/// Serves the files under a root directory (GET and HEAD), cached in memory.
///
/// Each file is read on first request, given a strong ETag from its content, compressed once with gzip
/// when that helps, and re-checked against the disk at most once per `revalidationInterval` (so an
/// edited file is served fresh). Paths are validated segment by segment (no `..`, `.`, hidden files,
/// backslashes, NUL or `%`) and then resolved with `realpath`, which must stay inside the root: a
/// symlink pointing outside is a 404.
public final class StaticFiles: Sendable {
    /// The real path of the root directory.
    public let root: String
    private let cacheControl: String
    let maxFileBytesLimit: Int
    private let revalidationInterval: UInt64
    /// Prepared files by relative path, with when each was last compared with the disk (monotonic ns).
    private let cache = Locked<[String: (file: StaticFile, checkedAt: UInt64)]>([:])

    /// - Parameters:
    ///   - root: the directory to serve (e.g. `Public`).
    ///   - cacheControl: the `Cache-Control` value for every file.
    ///   - maxFileBytes: larger files are not served (404), since everything is held in memory.
    /// - Throws: `HTTPError` when `root` is not a directory.
    public init(
        root: String, cacheControl: String = "public, max-age=300", maxFileBytes: Int = 16 * 1024 * 1024,
        revalidationInterval: Duration = .seconds(1)
    ) throws(HTTPError) {
        guard let resolved = StaticFiles.realPath(root) else {
            throw HTTPError(.internalServerError, "static root \(root) does not exist")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw HTTPError(.internalServerError, "static root \(root) is not a directory")
        }
        self.root = resolved
        self.cacheControl = cacheControl
        maxFileBytesLimit = maxFileBytes
        self.revalidationInterval = revalidationInterval.nanoseconds
    }

    /// Answers a GET or HEAD for the route's `*` remainder (or the whole path when the route has none).
    ///
    /// Usable directly as an immediate handler: `router.get("/static/*", files.respond)`.
    /// - Throws: `HTTPError` 400 for a forbidden path, 404 for a missing one.
    public func respond(to request: Request) throws(HTTPError) -> Response {
        let relative = request.parameters["*"] ?? String(request.path.drop { $0 == "/" })
        let file = try file(at: relative)
        let variant = (file.gzip != nil && AcceptEncoding(request).acceptsGzip ? file.gzip : nil) ?? file.identity
        if let condition = request.headers["If-None-Match"], StaticFiles.matches(condition, etag: variant.etag) {
            return Response(variant.notModified)
        }
        return Response(variant.full)
    }

    /// The prepared file at `relative` (a path below the root, `/`-separated, already percent-decoded).
    func file(at relative: String) throws(HTTPError) -> StaticFile {
        let key = try StaticFiles.validatedKey(relative)
        let now = SystemCall.monotonicNanoseconds()
        let cached = cache.withLock { $0[key] }
        if let cached, now &- cached.checkedAt < revalidationInterval { return cached.file }
        let stamped = try stampAndResolve(key)
        if let cached, cached.file.stamp == stamped.stamp {
            cache.withLock { $0[key] = (cached.file, now) }
            return cached.file
        }
        let bytes = try read(stamped.path, expected: stamped.stamp)
        let file = try StaticFile(bytes: bytes, path: key, stamp: stamped.stamp, cacheControl: cacheControl)
        cache.withLock { $0[key] = (file, now) }
        return file
    }

    /// Checks each segment and maps a directory path (empty or ending in `/`) to its `index.html`.
    static func validatedKey(_ relative: String) throws(HTTPError) -> String {
        let key = relative.isEmpty || relative.hasSuffix("/") ? relative + "index.html" : relative
        var atSegmentStart = true
        for byte in key.utf8 {
            if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "%") {
                throw HTTPError(.badRequest, "invalid character in file path")
            }
            if atSegmentStart && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".")) {
                throw HTTPError(.badRequest, "empty, dot or hidden segment in file path")
            }
            atSegmentStart = byte == UInt8(ascii: "/")
        }
        return key
    }

    /// Weak comparison of `If-None-Match` entity tags (RFC 9110 §13.1.2).
    static func matches(_ condition: String, etag: String) -> Bool {
        for element in condition.split(separator: ",") {
            var tag = ASCII.trimmed(element)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag == etag { return true }
        }
        return false
    }
}
