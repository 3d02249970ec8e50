import Foundation
import Testing

@testable import App

/// One content hash everywhere: libcrypto's SHA-256 over the directory, the same in `folio check-content`,
/// the snapshot the server serves (and records, and shows in the console).
@Suite struct ContentHashTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func sha256MatchesTheStandardVectors(input: String, digest: String) {
        #expect(Secrets.hex(Secrets.sha256(Array(input.utf8))) == digest)
    }

    @Test func checkContentPrintsTheHashTheServerRecords() throws {
        let snapshot = try SharedContent.repository()
        let (text, passed) = SharedContent.checkContent
        #expect(passed)
        #expect(snapshot.contentHash.count == 64)
        #expect(text.contains("\ncontent hash \(snapshot.contentHash)\n"), "\(text)")
    }

    @Test func theHashFollowsEveryFileNameAndByte() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-hash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("keys"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("one".utf8).write(to: root.appendingPathComponent("it.txt"))
        try Data("two".utf8).write(to: root.appendingPathComponent("keys/it.json"))
        let first = try ContentDirectory(path: root.path).contentHash
        #expect(try ContentDirectory(path: root.path).contentHash == first)
        try Data("twO".utf8).write(to: root.appendingPathComponent("keys/it.json"))
        let changed = try ContentDirectory(path: root.path).contentHash
        #expect(changed != first)
        try FileManager.default.moveItem(
            at: root.appendingPathComponent("keys/it.json"), to: root.appendingPathComponent("keys/ja.json"))
        #expect(try ContentDirectory(path: root.path).contentHash != changed)
    }
}

/// App reads the content directory once; oversized files are left unread and named with their size.
@Suite struct ContentDirectoryTests {
    @Test func everyFileIsReadOnceByRelativePathAndOversizedOnesAreNot() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("keys"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("one".utf8).write(to: root.appendingPathComponent("it.txt"))
        try Data("two".utf8).write(to: root.appendingPathComponent("keys/it.json"))
        let handle = try FileHandle(forWritingTo: root.appendingPathComponent("it.txt"))
        try handle.truncate(atOffset: 50 << 20)
        try handle.close()
        let content = try ContentDirectory(path: root.path)
        #expect(content.files == ["keys/it.json": Array("two".utf8)])
        #expect(content.oversized == ["it.txt": 50 << 20])
        #expect(content.files(in: "keys") == ["it.json": Data("two".utf8)])
        #expect(throws: ContentLoader.Failure.self) { try ContentLoader.load(content) }
        do {
            _ = try ContentLoader.load(content)
        } catch {
            #expect(error.report.contains("it.txt:1: the file is 52428800 bytes, over the 4194304-byte limit"))
        }
    }

    @Test func aMissingDirectoryIsReportedByPath() {
        do {
            _ = try ContentDirectory(path: "/nonexistent/folio-content")
            Issue.record("read a missing directory")
        } catch {
            #expect(error.report == "/nonexistent/folio-content:1: the content directory does not exist")
        }
        let (text, passed) = CheckContentCommand.run(directory: "/nonexistent/folio-content")
        #expect(!passed && text.contains("the content directory does not exist"))
    }
}

/// A reload derives again only what changed: with the same key files, the answer keys, key fingerprints and
/// the search index of every unchanged language are the previous snapshot's.
@Suite struct ContentReuseTests {
    @Test func unchangedKeysAndCoursesKeepTheirSearchIndexesAndOtherKeysDoNot() throws {
        let content = try ContentDirectory(path: TestServer.repositoryRoot.appendingPathComponent("Content").path)
        let first = try ContentLoader.load(content)
        let same = try ContentLoader.load(content, reusing: first)
        for code in first.languageCodes {
            #expect(same.languages[code]?.search === first.languages[code]?.search, "\(code)")
        }
        #expect(try same.fingerprint == first.fingerprint && same.contentHash == first.contentHash)
        var files = content.files
        files["keys/README.md", default: []] += Array("\n".utf8)
        let otherKeys = try ContentLoader.load(ContentDirectory(files: files), reusing: first)
        #expect(otherKeys.languages["it"]?.search !== first.languages["it"]?.search)
        #expect(try otherKeys.fingerprint == first.fingerprint && otherKeys.contentHash != first.contentHash)
    }
}
