import Foundation
import Testing

@testable import Course

/// Broken copies of the real documents: each gives a clear error naming file and line, never a partial course.
@Suite struct ContentErrorTests {
    let italian = ContentFixture.lines("it")

    private func line(_ prefix: String) -> Int {
        ContentFixture.lineNumber("it") { $0.hasPrefix(prefix) }
    }

    private func errors(italian lines: [String]) -> [ContentError] {
        ContentFixture.errors(ContentFixture.files(replacing: "it", with: lines))
    }

    @Test func truncatedFileReportsTheMissingSections() {
        let cut = Array(italian.prefix(600))
        // The cut text ends with a newline, so its last line is the last one that has text.
        let lastLine = cut.last == "" ? cut.count - 1 : cut.count
        let errors = errors(italian: cut)
        #expect(errors.contains(file: "it.txt", line: lastLine, "missing appendix"))
        #expect(errors.contains(file: "it.txt", line: lastLine, "missing case study"))
        #expect(errors.contains(file: "it.txt", line: line("Capitolo 6 · "), "chapter 6 has no checkpoint"))
    }

    @Test func fileCutInItsLastLineReportsTheTruncation() {
        var lines = italian
        lines[lines.count - 1] = String(lines[lines.count - 1].prefix(40))
        #expect(errors(italian: lines).contains(file: "it.txt", line: italian.count, "truncated"))
    }

    @Test func fileCutInsideACharacterIsInvalidUTF8() {
        var bytes = ContentFixture.files["it.txt"] ?? []
        let cut = bytes.lastIndex { $0 >= 0xC0 } ?? bytes.count
        bytes.removeSubrange((cut + 1)...)
        var files = ContentFixture.files
        files["it.txt"] = bytes
        #expect(ContentFixture.errors(files).contains(file: "it.txt", line: italian.count, "invalid UTF-8"))
    }

    @Test func duplicatedChapterHeadingNamesTheFirstOne() {
        var lines = italian
        let chapter3 = line("Capitolo 3 · ")
        lines[line("Capitolo 4 · ") - 1] = lines[chapter3 - 1]
        let errors = errors(italian: lines)
        #expect(errors.contains(file: "it.txt", line: line("Capitolo 4 · "), "duplicated chapter heading"))
        #expect(errors.contains(file: "it.txt", line: line("Capitolo 4 · "), "first at line \(chapter3)"))
    }

    @Test func missingChapterHeadingIsReportedWhereTheNextOneStarts() {
        var lines = italian
        lines.remove(at: line("Capitolo 4 · ") - 1)
        let errors = errors(italian: lines)
        #expect(errors.contains(file: "it.txt", line: line("Capitolo 5 · ") - 1, "expected chapter 4"))
        #expect(errors.contains(file: "it.txt", "a second \"Punto di controllo\" in chapter 3"))
    }

    @Test func chaptersOutOfOrderAreReported() {
        var lines = italian
        lines.swapAt(line("Capitolo 2 · ") - 1, line("Capitolo 3 · ") - 1)
        #expect(errors(italian: lines).contains(file: "it.txt", line: line("Capitolo 2 · "), "expected chapter 2"))
    }

    @Test func chapterWithoutCheckpointIsReportedAtItsHeading() throws {
        var lines = italian
        let chapter2 = line("Capitolo 2 · ")
        let checkpoint = try #require(lines[chapter2...].firstIndex(of: "Punto di controllo"))
        lines.remove(at: checkpoint)
        #expect(errors(italian: lines).contains(file: "it.txt", line: chapter2, "chapter 2 has no checkpoint"))
    }

    @Test func checkpointWithoutQuestionsIsReported() throws {
        var lines = italian
        let checkpoint = try #require(lines[line("Capitolo 2 · ")...].firstIndex(of: "Punto di controllo"))
        for offset in [2, 4, 6] { lines[checkpoint + offset] = "" }
        #expect(errors(italian: lines).contains(file: "it.txt", line: checkpoint + 1, "has no questions"))
    }

    @Test func questionNumberingGapIsReported() throws {
        var lines = italian
        let checkpoint = try #require(lines[line("Capitolo 2 · ")...].firstIndex(of: "Punto di controllo"))
        lines[checkpoint + 4] = "3." + lines[checkpoint + 4].dropFirst(2)
        #expect(errors(italian: lines).contains(file: "it.txt", line: checkpoint + 5, "expected question 2"))
    }

    @Test func chapterWithoutItsAnswerIsReportedAtItsHeading() {
        var lines = italian
        lines.remove(at: line("Capitolo 3. ") - 1)
        #expect(errors(italian: lines).contains(file: "it.txt", line: line("Capitolo 3 · "), "no reference answer"))
    }

    @Test func missingAppendixAndCaseStudyAreReported() {
        var lines = italian
        lines[line("Appendice · ") - 1] = ""
        #expect(errors(italian: lines).contains(file: "it.txt", "missing appendix"))
        lines = italian
        lines[line("Buone pratiche · ") - 1] = ""
        #expect(errors(italian: lines).contains(file: "it.txt", "missing case study"))
    }

    @Test func invalidUTF8NamesTheLine() {
        var bytes = ContentFixture.files["it.txt"] ?? []
        let offset = Array(italian.prefix(499).joined(separator: "\n").utf8).count + 1
        bytes.insert(contentsOf: [0x41, 0xFF, 0xFE], at: offset)
        var files = ContentFixture.files
        files["it.txt"] = bytes
        let errors = ContentFixture.errors(files)
        #expect(errors == [ContentError(file: "it.txt", line: 500, message: "invalid UTF-8 at byte 2 of the line")])
    }

    @Test(arguments: ["", "\n\n  \n"])
    func emptyDocumentIsReported(text: String) {
        var files = ContentFixture.files
        files["it.txt"] = Array(text.utf8)
        #expect(ContentFixture.errors(files).contains(file: "it.txt", line: 1, "empty"))
    }

    @Test func aFileTheReaderLeftUnreadIsReportedWithItsSize() {
        var files = ContentFixture.files
        files["tr.txt"] = nil
        let errors: [ContentError]
        do throws(ContentReport) {
            _ = try CourseLibrary.parse(files: files, oversized: ["tr.txt": 50 << 20, "keys/big.json": 50 << 20])
            errors = []
        } catch {
            errors = error.errors
        }
        #expect(errors.contains(file: "tr.txt", line: 1, "52428800 bytes, over the 4194304-byte limit"))
        #expect(!errors.contains { $0.file.hasPrefix("keys/") })
    }

    @Test func smallerLimitsApplyToDocumentsInMemory() {
        let errors = ContentFixture.errors(ContentFixture.files, limits: ContentLimits(maximumDocumentBytes: 70_000))
        #expect(errors.contains(file: "ja.txt", "over the 70000-byte limit"))
        #expect(!errors.contains(file: "zh-Hant.txt", "limit"))
    }

    @Test func documentWithoutVocabularyIsReported() {
        var files = ContentFixture.files
        files["languages/tr.json"] = nil
        #expect(ContentFixture.errors(files).contains(file: "tr.txt", line: 1, "no vocabulary describes this document"))
    }

    @Test func missingVocabularyFolderIsReported() {
        let files = ContentFixture.files.filter { !$0.key.hasPrefix("languages/") }
        #expect(ContentFixture.errors(files).contains(file: "languages/", "no vocabulary found"))
    }

    @Test func vocabularyNamingAMissingDocumentIsReported() {
        var files = ContentFixture.files
        files["ja.txt"] = nil
        #expect(ContentFixture.errors(files).contains(file: "languages/ja.json", "document \"ja.txt\" not found"))
    }

    struct BrokenVocabulary: CustomTestStringConvertible, Sendable {
        let name: String
        let edit: @Sendable (String) -> String
        let phrase: String
        var line: Int?
        var testDescription: String { name }
    }

    static let brokenVocabularies: [BrokenVocabulary] = [
        BrokenVocabulary(name: "not JSON", edit: { _ in "{ not json" }, phrase: "not valid JSON"),
        BrokenVocabulary(
            name: "syntax error on line 3", edit: { _ in "{\n  \"code\": \"tr\",\n  oops\n}" },
            phrase: "not valid JSON",
            line: 3
        ),
        BrokenVocabulary(
            name: "missing key", edit: { $0.replacingOccurrences(of: "\"checkpoint\"", with: "\"checkpoints\"") },
            phrase: "missing \"chapter.checkpoint\""
        ),
        BrokenVocabulary(
            name: "pattern without {n}", edit: { $0.replacingOccurrences(of: "Bölüm {n} · ", with: "Bölüm · ") },
            phrase: "exactly one {n}"
        ),
        BrokenVocabulary(
            name: "wrong type", edit: { $0.replacingOccurrences(of: "\"order\": 3", with: "\"order\": \"3\"") },
            phrase: "\"order\" should be"
        ),
        BrokenVocabulary(
            name: "missing section", edit: { $0.replacingOccurrences(of: "\"postures\"", with: "\"posture\"") },
            phrase: "lacks the heading of \"postures\""
        ),
        BrokenVocabulary(
            name: "document outside the folder",
            edit: { $0.replacingOccurrences(of: "\"tr.txt\"", with: "\"../tr.txt\"") },
            phrase: "file name inside the content directory"
        ),
        BrokenVocabulary(
            name: "file named after another code",
            edit: { $0.replacingOccurrences(of: "\"code\": \"tr\"", with: "\"code\": \"tk\"") },
            phrase: "must be named languages/tk.json"
        ),
    ]

    @Test(arguments: brokenVocabularies)
    func malformedVocabularyIsReported(_ example: BrokenVocabulary) {
        var files = ContentFixture.files
        let json = String(decoding: files["languages/tr.json"] ?? [], as: UTF8.self)
        files["languages/tr.json"] = Array(example.edit(json).utf8)
        let errors = ContentFixture.errors(files)
        #expect(errors.contains(file: "languages/tr.json", line: example.line, example.phrase), "\(errors)")
    }

    @Test func everyProblemOfAVocabularyIsReported() {
        var files = ContentFixture.files
        let json = String(decoding: files["languages/es.json"] ?? [], as: UTF8.self)
            .replacingOccurrences(of: "\"Punto de control\"", with: "\"\"")
            .replacingOccurrences(of: "\"Cuándo usarlo:\"", with: "\"\"")
        files["languages/es.json"] = Array(json.utf8)
        let errors = ContentFixture.errors(files)
        #expect(errors.contains(file: "languages/es.json", "\"chapter.checkpoint\" must be a non-empty single line"))
        #expect(errors.contains(file: "languages/es.json", "\"items.whenToUse\" must list at least one"))
        #expect(errors.contains(file: "es.txt", "no vocabulary describes this document"))
    }

    @Test func differentCodeInOneLanguageIsReportedByLine() {
        var lines = ContentFixture.lines("es")
        let index = lines.firstIndex(of: "struct Root: View {") ?? 0
        lines[index] = "struct Raíz: View {"
        let errors = ContentFixture.errors(ContentFixture.files(replacing: "es", with: lines))
        #expect(errors.contains(file: "es.txt", line: index + 1, "code differs from it.txt:\(index + 1)"))
    }

    @Test func differentBlockKindsAreReportedWithBothLines() {
        var lines = ContentFixture.lines("tr")
        lines[44] = "• " + lines[44]
        let errors = ContentFixture.errors(ContentFixture.files(replacing: "tr", with: lines))
        #expect(errors.contains(file: "tr.txt", line: 45, "is a bullet block here, but a paragraph block at it.txt:45"))
    }

    @Test func differentQuestionsAreReported() {
        var lines = ContentFixture.lines("ja")
        let chapter5 = ContentFixture.lineNumber("ja") { $0.hasPrefix("第5章 · ") }
        let question4 = lines[chapter5...].firstIndex { $0.hasPrefix("4. ") } ?? 0
        lines[question4] = ""
        let errors = ContentFixture.errors(ContentFixture.files(replacing: "ja", with: lines))
        #expect(errors.contains(file: "ja.txt", "chapter 5 has questions ch5-q1, ch5-q2, ch5-q3 here"))
    }

    @Test func everyBrokenFileIsReportedAndNothingIsLoaded() {
        var files = ContentFixture.files
        files["es.txt"] = Array((files["es.txt"] ?? []).prefix(30_000))
        files["ja.txt"] = (files["ja.txt"] ?? []) + [0xC3]
        #expect(throws: ContentReport.self) { try CourseLibrary.parse(files: files) }
        let report = ContentCheck(files: files)
        #expect(!report.passed && report.library == nil)
        #expect(report.summary.errors.contains { $0.file == "es.txt" })
        #expect(report.summary.errors.contains { $0.file == "ja.txt" && $0.message.contains("invalid UTF-8") })
        #expect(report.summary.languages.map(\.code) == ["it", "tr", "zh-Hant"])
        let text = report.render()
        #expect(text.contains("ja.txt:\(italian.count): invalid UTF-8"))
        #expect(text.hasSuffix("\(report.summary.errors.count) errors\n"))
    }

    @Test func noContentAtAllIsReported() {
        let check = ContentCheck(files: [:])
        #expect(!check.passed)
        #expect(check.render().contains("languages/:1: no vocabulary found"))
    }
}
