import Testing

@testable import Course

@Suite struct SupportTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func sha256MatchesTheStandardVectors(input: String, digest: String) {
        var hash = SHA256()
        hash.update(Array(input.utf8))
        #expect(hash.finalizeHex() == digest)
    }

    @Test func sha256IsTheSameInOneOrManyUpdates() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var whole = SHA256()
        whole.update(bytes)
        var pieces = SHA256()
        for chunk in stride(from: 0, to: bytes.count, by: 37) {
            pieces.update(bytes[chunk..<min(chunk + 37, bytes.count)])
        }
        #expect(whole.finalizeHex() == pieces.finalizeHex())
    }

    @Test(arguments: [
        ("Capitolo {n} · ", "Capitolo 11 · Titolo", 11, "Titolo"),
        ("第{n}章 · ", "第3章 · 題", 3, "題"),
        ("第 {n} 章。", "第 0 章。 答案", 0, " 答案"),
        ("{n}. ", "4. Domanda?", 4, "Domanda?"),
    ])
    func markerPatternsMatchNumberAndRest(pattern: String, line: String, number: Int, rest: String) throws {
        let marker = try #require(MarkerPattern(pattern))
        let match = try #require(marker.match(Substring(line)))
        #expect(match.number == number && String(match.rest) == rest)
        #expect(
            marker.render(number) + (pattern.hasSuffix(" ") ? "" : "")
                == String(line.prefix(marker.render(number).count)))
    }

    @Test(arguments: [
        "Capitolo · Titolo", "Capitolo x · Titolo", "Capitolo 3: Titolo", "Capitolo 1234567 · T", "Capitolo",
    ])
    func markerPatternsRejectOtherLines(line: String) throws {
        #expect(try #require(MarkerPattern("Capitolo {n} · ")).match(Substring(line)) == nil)
    }

    @Test(arguments: ["Capitolo", "{n} e {n}"])
    func patternsNeedExactlyOneSlot(pattern: String) {
        #expect(MarkerPattern(pattern) == nil)
    }

    @Test func errorsPrintAsFileLineMessage() {
        let error = ContentError(file: "it.txt", line: 12, message: "expected the chapter lead")
        #expect(error.description == "it.txt:12: expected the chapter lead")
        let report = ContentReport(errors: [error, ContentError(file: "es.txt", line: 3, message: "x")])
        #expect(report.render() == "es.txt:3: x\nit.txt:12: expected the chapter lead\n2 errors\n")
    }
}
