import Testing

@testable import Course

/// Large hostile documents (256 KiB, within the size limit) that any quadratic step would turn into minutes.
/// The time limit only stops a hang; the tests assert what is reported.
@Suite(.timeLimit(.minutes(5))) struct AdversarialInputTests {
    static let size = 1 << 18

    private func errors(_ document: String) -> [ContentError] {
        var files = ContentFixture.files.filter { $0.key == "it.txt" || $0.key == "languages/it.json" }
        files["it.txt"] = Array(document.utf8)
        return ContentFixture.errors(files)
    }

    private func repeated(_ text: String) -> String {
        String(repeating: text, count: Self.size / text.utf8.count)
    }

    @Test func oneRunOfUndecidableLines() {
        let errors = errors(repeated("API\n"))
        #expect(errors.contains(file: "it.txt", "no chapter found"))
    }

    @Test func oneHugeSnippet() {
        let errors = errors("Titolo\n\n" + repeated("content\n    .padding()\n"))
        #expect(errors.contains(file: "it.txt", "missing appendix"))
    }

    @Test func thousandsOfDuplicatedChapterHeadings() {
        let errors = errors("Titolo\n\n" + repeated("Capitolo 1 · Titolo\n\n"))
        #expect(errors.contains(file: "it.txt", line: 5, "duplicated chapter heading"))
    }

    @Test func thousandsOfReferenceAnswers() {
        var lines = ContentFixture.lines("it")
        let answers = lines.firstIndex(of: "Risposte ai punti di controllo") ?? 0
        lines.insert(repeated("Capitolo 99. Risposta.\n\n"), at: answers + 1)
        let errors = errors(lines.joined(separator: "\n"))
        #expect(errors.contains(file: "it.txt", "duplicated reference answer for chapter 99"))
    }

    @Test func oneVeryLongLine() {
        let errors = errors("Titolo\n\n• " + repeated("Quando usarlo: x. "))
        #expect(errors.contains(file: "it.txt", "no chapter found"))
    }
}
