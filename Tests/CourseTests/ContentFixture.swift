import Foundation
import Testing

@testable import Course

/// The real content of the repository and helpers to build broken copies of it.
enum ContentFixture {
    static let codes = ["it", "es", "tr", "zh-Hant", "ja"]

    /// `Content/` of the repository holding this file (symlinks resolved, so dev packages work too).
    static let directory: URL = {
        var url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while url.path != "/" {
            let content = url.appendingPathComponent("Content/languages")
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path),
                FileManager.default.fileExists(atPath: content.path)
            {
                return url.appendingPathComponent("Content")
            }
            url.deleteLastPathComponent()
        }
        preconditionFailure("no repository root with Content/languages above \(#filePath)")
    }()

    /// Every content file Course reads, keyed by relative path.
    static let files: [String: [UInt8]] = {
        var files: [String: [UInt8]] = [:]
        for code in codes {
            files["\(code).txt"] = read("\(code).txt")
            files["languages/\(code).json"] = read("languages/\(code).json")
        }
        return files
    }()

    /// The real library, loaded once.
    static let library: CourseLibrary = {
        do throws(ContentReport) {
            return try CourseLibrary.parse(files: files)
        } catch {
            preconditionFailure("the real content does not load:\n\(error.render())")
        }
    }()

    static func read(_ path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(path).path) else {
            preconditionFailure("missing \(path) in \(directory.path)")
        }
        return [UInt8](data)
    }

    /// The lines of a real document as text.
    static func lines(_ code: String) -> [String] {
        String(decoding: files["\(code).txt"] ?? [], as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The line number (1-based) of the first line of `code`'s document satisfying `predicate`.
    static func lineNumber(_ code: String, where predicate: (String) -> Bool) -> Int {
        guard let index = lines(code).firstIndex(where: predicate) else {
            preconditionFailure("no such line in \(code).txt")
        }
        return index + 1
    }

    /// The content files with `code`'s document replaced by `lines` joined with newlines.
    static func files(replacing code: String, with lines: [String]) -> [String: [UInt8]] {
        var files = files
        files["\(code).txt"] = Array(lines.joined(separator: "\n").utf8)
        return files
    }

    /// The errors of loading `files`, empty when it loads.
    static func errors(_ files: [String: [UInt8]], limits: ContentLimits = ContentLimits()) -> [ContentError] {
        do {
            _ = try CourseLibrary.parse(files: files, limits: limits)
            return []
        } catch {
            return error.errors
        }
    }

    /// Writes `files` into a fresh temporary directory, runs `body` on it, and removes it.
    static func withDirectory<T>(_ files: [String: [UInt8]], _ body: (URL) throws -> T) throws -> T {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("course-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("languages"), withIntermediateDirectories: true
        )
        defer {
            do {
                try FileManager.default.removeItem(at: root)
            } catch {
                Issue.record("could not remove \(root.path): \(error)")
            }
        }
        for (path, bytes) in files {
            try Data(bytes).write(to: root.appendingPathComponent(path))
        }
        return try body(root)
    }
}

extension [ContentError] {
    /// Whether some error is in `file`, optionally on `line`, with `phrase` in its message.
    func contains(file: String, line: Int? = nil, _ phrase: String) -> Bool {
        contains { $0.file == file && (line == nil || $0.line == line) && $0.message.contains(phrase) }
    }
}
