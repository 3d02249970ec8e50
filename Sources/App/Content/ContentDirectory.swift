import Course
import Foundation

/// Every regular file of a content directory, read once into memory, and the one content hash over those bytes.
///
/// The only place content is read from disk: Course, Grading and Views parse these bytes, and `folio
/// check-content`, the snapshot and the console all show this `contentHash`.
struct ContentDirectory: Sendable {
    /// File bytes keyed by path relative to the directory (`it.txt`, `languages/it.json`, `keys/it.json`).
    let files: [String: [UInt8]]
    /// Files left unread because they are larger than the reader's limit, with their size in bytes.
    let oversized: [String: Int]
    /// Hex SHA-256 (libcrypto) over every file's relative path and digest, in path order.
    let contentHash: String

    /// No file larger than this is read: the largest `ContentLimits` accepts (a document).
    static let maximumFileBytes = ContentLimits().maximumDocumentBytes

    /// Reads every regular file under `path`, checking each size before reading it.
    /// - Throws: `ContentLoader.Failure` naming the directory or the file that cannot be read.
    init(path: String, maximumFileBytes: Int = Self.maximumFileBytes) throws(ContentLoader.Failure) {
        let root = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw ContentLoader.Failure(report: "\(path):1: the content directory does not exist")
        }
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else {
            throw ContentLoader.Failure(report: "\(path): not a readable directory")
        }
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        var files: [String: [UInt8]] = [:]
        var oversized: [String: Int] = [:]
        for case let url as URL in enumerator {
            let relative = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            do {
                let values = try url.resourceValues(forKeys: Set(keys))
                guard values.isRegularFile == true else { continue }
                if let size = values.fileSize, size > maximumFileBytes {
                    oversized[relative] = size
                    continue
                }
                let data = try Data(contentsOf: url)
                if data.count > maximumFileBytes {
                    oversized[relative] = data.count
                } else {
                    files[relative] = [UInt8](data)
                }
            } catch {
                throw ContentLoader.Failure(report: "\(relative): cannot read the file: \(error.localizedDescription)")
            }
        }
        self.init(files: files, oversized: oversized)
    }

    /// Content already in memory (tests, tools); hashed as if read from a directory.
    init(files: [String: [UInt8]], oversized: [String: Int] = [:]) {
        self.files = files
        self.oversized = oversized
        self.contentHash = Self.digest(files: files, oversized: oversized)
    }

    /// The files under `folder` (`keys`, `ui`), keyed by their path inside it.
    func files(in folder: String) -> [String: Data] {
        let prefix = folder + "/"
        var result: [String: Data] = [:]
        for (name, bytes) in files where name.hasPrefix(prefix) {
            let inner = name.dropFirst(prefix.count)
            if !inner.contains("/") { result[String(inner)] = Data(bytes) }
        }
        return result
    }

    /// The digest of the files under `folder` alone, computed as `contentHash` is.
    func digest(of folder: String) -> String {
        let prefix = folder + "/"
        return Self.digest(
            files: files.filter { $0.key.hasPrefix(prefix) }, oversized: oversized.filter { $0.key.hasPrefix(prefix) })
    }

    /// SHA-256 over `/path`, a zero byte and the file's SHA-256, for each file in path order; an oversized file
    /// stands for its size, since it was not read.
    static func digest(files: [String: [UInt8]], oversized: [String: Int]) -> String {
        var entries: [(String, [UInt8])] = files.map { ($0.key, Secrets.sha256($0.value)) }
        entries += oversized.map { ($0.key, Array("oversized \($0.value)".utf8)) }
        var material: [UInt8] = []
        for (relative, digest) in entries.sorted(by: { $0.0 < $1.0 }) {
            material.append(contentsOf: Array("/\(relative)".utf8) + [0])
            material.append(contentsOf: digest)
        }
        return Secrets.hex(Secrets.sha256(material))
    }
}
