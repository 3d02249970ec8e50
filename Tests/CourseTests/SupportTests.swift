import Testing

@testable import Course

@Suite struct SupportTests {
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
