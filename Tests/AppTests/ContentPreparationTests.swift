import Foundation
import Testing

@testable import App

/// What content load leaves for later: the fingerprint and the search indexes are made after the snapshot is
/// served (in the background, or by their first reader), and the key digests made file by file equal the
/// one-pass ones.
@Suite struct ContentPreparationTests {
    static let repositoryContent = TestServer.repositoryRoot.appendingPathComponent("Content").path

    /// Polls `condition` every 20 ms for up to 60 s.
    static func eventually(_ condition: () -> Bool) async throws -> Bool {
        for _ in 0..<3_000 {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    static func allPrepared(_ snapshot: ContentSnapshot) -> Bool {
        snapshot.isFingerprintMade
            && snapshot.languageCodes.allSatisfy { snapshot.language($0)?.search.isPrepared == true }
    }

    @Test func aSearchBeforeTheIndexIsBuiltBuildsItAndFindsWhatAPreparedIndexFinds() throws {
        let content = try ContentDirectory(path: Self.repositoryContent)
        let snapshot = try ContentLoader.load(content)
        let italian = try #require(snapshot.language("it"))
        #expect(snapshot.languageCodes.allSatisfy { snapshot.language($0)?.search.isPrepared == false })
        #expect(!snapshot.isFingerprintMade)
        let first = try italian.search.search("larghezza")
        #expect(italian.search.isPrepared)
        #expect(first.total > 2)

        let other = try ContentLoader.load(content)
        #expect(other.prepareDeferred().isEmpty)
        #expect(Self.allPrepared(other))
        let again = try #require(other.language("it")).search.search("larghezza")
        #expect(again.total == first.total)
        #expect(again.results.map(\.anchor) == first.results.map(\.anchor))
    }

    @Test func aStartedServerBuildsItsSearchIndexesInTheBackgroundAndAgainAfterAReload() async throws {
        // A content directory of its own, so the server loads it rather than sharing the tests' snapshot.
        let own = try TestServer.makeDirectory().appendingPathComponent("Content")
        let original = URL(fileURLWithPath: Self.repositoryContent).resolvingSymlinksInPath()
        try FileManager.default.copyItem(atPath: original.path, toPath: own.path)
        defer { try? FileManager.default.removeItem(at: own.deletingLastPathComponent()) }
        let server = try TestServer { $0.contentDirectory = own.path }
        let started = server.services.content.snapshot
        #expect(try await Self.eventually { Self.allPrepared(started) })

        let url = own.appendingPathComponent("it.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        try text.replacingOccurrences(of: "Capitolo 3 · ", with: "Capitolo 3 · Cambiato · ")
            .write(to: url, atomically: true, encoding: .utf8)
        let report = server.services.content.reload(by: "admin")
        #expect(report.outcome == .loaded)
        let reloaded = server.services.content.snapshot
        #expect(reloaded.isFingerprintMade, "a reload compares fingerprints before the swap")
        #expect(reloaded.language("it")?.search !== started.language("it")?.search, "a changed course, a new index")
        #expect(try await Self.eventually { Self.allPrepared(reloaded) })
        await server.stop()
    }

    /// A failure is made once and handed to every reader.
    @Test func aDeferredValueIsComputedOnceFailureIncluded() {
        struct Broken: Error {}
        let calls = Counter()
        let value = Deferred<Int> {
            calls.increment()
            throw Broken()
        }
        #expect(!value.isComputed)
        #expect(throws: Broken.self) { try value.get() }
        #expect(throws: Broken.self) { try value.get() }
        #expect(value.isComputed && calls.value == 1)
    }

    final class Counter: @unchecked Sendable {  // `count` is only reached under `lock`
        private let lock = NSLock()
        private var count = 0

        func increment() {
            lock.lock()
            defer { lock.unlock() }
            count += 1
        }

        var value: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
    }

    /// The key digests as they were first made: every key file parsed in name order, each question's entries
    /// joined across files. Attempts store digests made from these, so the file-by-file path must agree.
    @Test func keyDigestsMadeFileByFileEqualTheOnePassDigests() throws {
        let content = try ContentDirectory(path: Self.repositoryContent)
        let files = content.files(in: "keys")
        var parts: [String: [String]] = [:]
        for (name, data) in files.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".json") {
            let object = try JSONSerialization.jsonObject(with: data)
            guard let questions = (object as? [String: Any])?["questions"] as? [String: Any] else { continue }
            for (id, entry) in questions {
                let canonical = try JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys])
                parts[id, default: []].append(name + "=" + String(decoding: canonical, as: UTF8.self))
            }
        }
        let onePass = parts.mapValues { Secrets.hex(Secrets.digest($0.joined(separator: "\n"))) }
        let fileByFile = ContentFingerprint.keyDigests(
            try files.filter { $0.key.hasSuffix(".json") }.map { try ContentFingerprint.keyEntries(name: $0, data: $1) }
                .reversed())
        let snapshot = try ContentLoader.load(content)
        #expect(fileByFile == onePass)
        #expect(fileByFile.count == snapshot.questionIDs.count)
        #expect(try snapshot.fingerprint.keys == onePass)
    }
}
