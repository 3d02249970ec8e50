/// The content files Course parses, keyed by path relative to the content directory.
///
/// Documents are the top-level `*.txt` files; vocabularies are `languages/*.json`. Other files (answer keys,
/// interface strings, READMEs) belong to other modules and are ignored. App reads the bytes; Course only
/// checks their sizes against `ContentLimits` and parses them.
struct ContentFiles {
    static let vocabularyFolder = "languages"

    /// The bytes of every file within the limits.
    var contents: [String: [UInt8]] = [:]
    /// Files not parsed: over a limit, or left unread by the reader for their size.
    var unreadable: [String: ContentError] = [:]

    /// Sorts `files` into those within `limits` and those over; `oversized` names files the reader did not
    /// read at all, with their size in bytes.
    init(files: [String: [UInt8]], oversized: [String: Int], limits: ContentLimits) {
        let prefix = "\(Self.vocabularyFolder)/"
        func limit(_ name: String) -> Int {
            name.hasPrefix(prefix) ? limits.maximumVocabularyBytes : limits.maximumDocumentBytes
        }
        for (name, size) in oversized where Self.isCourseFile(name) {
            unreadable[name] = Self.tooLarge(name, size: size, limit: limit(name))
        }
        for (name, bytes) in files where Self.isCourseFile(name) {
            if bytes.count > limit(name) {
                unreadable[name] = Self.tooLarge(name, size: bytes.count, limit: limit(name))
            } else {
                contents[name] = bytes
            }
        }
    }

    /// A top-level `*.txt` document or a `languages/*.json` vocabulary, not hidden.
    static func isCourseFile(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard let last = parts.last, !last.hasPrefix(".") else { return false }
        switch parts.count {
        case 1: return last.hasSuffix(".txt")
        case 2: return parts[0] == Self.vocabularyFolder && last.hasSuffix(".json")
        default: return false
        }
    }

    private static func tooLarge(_ name: String, size: Int, limit: Int) -> ContentError {
        ContentError(file: name, line: 1, message: "the file is \(size) bytes, over the \(limit)-byte limit; not read")
    }
}
