import Foundation

/// The content files Course reads, keyed by path relative to the content directory.
///
/// Documents are the top-level `*.txt` files; vocabularies are `languages/*.json`. Other files (answer keys,
/// READMEs in sub-folders) belong to other modules and are ignored.
struct ContentFiles {
    static let vocabularyFolder = "languages"

    /// The bytes of every file that could be read within the limits.
    var contents: [String: [UInt8]] = [:]
    /// Files that exist but were not read: too large or unreadable.
    var unreadable: [String: ContentError] = [:]

    init(contents: [String: [UInt8]]) {
        self.contents = contents
    }

    /// Reads the documents and vocabularies under `directory`, checking each size before reading it.
    init(directory: URL, limits: ContentLimits) throws(ContentReport) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw ContentReport(errors: [
                ContentError(file: directory.path, line: 1, message: "the content directory does not exist")
            ])
        }
        for name in names(in: directory, label: ".", suffix: ".txt") {
            read(name, in: directory, limit: limits.maximumDocumentBytes)
        }
        let folder = directory.appendingPathComponent(Self.vocabularyFolder, isDirectory: true)
        for name in names(in: folder, label: Self.vocabularyFolder, suffix: ".json") {
            read("\(Self.vocabularyFolder)/\(name)", in: directory, limit: limits.maximumVocabularyBytes)
        }
    }

    /// The file names ending with `suffix` in `directory`; none when it does not exist (the parser then
    /// reports what is missing by name).
    private mutating func names(in directory: URL, label: String, suffix: String) -> [String] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        do {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            return names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted()
        } catch {
            unreadable[label] = ContentError(
                file: label, line: 1, message: "cannot list the folder: \(error.localizedDescription)")
            return []
        }
    }

    private mutating func read(_ name: String, in directory: URL, limit: Int) {
        let url = directory.appendingPathComponent(name)
        do {
            // Closed when the handle is released.
            let handle = try FileHandle(forReadingFrom: url)
            let size = try handle.seekToEnd()
            guard size <= UInt64(limit) else {
                unreadable[name] = ContentError(
                    file: name, line: 1, message: "the file is \(size) bytes, over the \(limit)-byte limit; not read"
                )
                return
            }
            try handle.seek(toOffset: 0)
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else {
                unreadable[name] = ContentError(
                    file: name, line: 1, message: "the file grew over the \(limit)-byte limit while being read")
                return
            }
            contents[name] = [UInt8](data)
        } catch {
            unreadable[name] = ContentError(
                file: name, line: 1, message: "cannot read the file: \(error.localizedDescription)")
        }
    }
}
