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
        let first = try ContentLoader.digestOfFiles(under: root)
        #expect(try ContentLoader.digestOfFiles(under: root) == first)
        try Data("twO".utf8).write(to: root.appendingPathComponent("keys/it.json"))
        let changed = try ContentLoader.digestOfFiles(under: root)
        #expect(changed != first)
        try FileManager.default.moveItem(
            at: root.appendingPathComponent("keys/it.json"), to: root.appendingPathComponent("keys/ja.json"))
        #expect(try ContentLoader.digestOfFiles(under: root) != changed)
    }
}
