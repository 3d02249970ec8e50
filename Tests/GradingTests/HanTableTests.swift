import Foundation
import Testing

@testable import Grading

/// The Simplified → Traditional table shipped as `Content/keys/hans-hant.txt`: it stays ICU's `Hans-Hant`
/// transform, it converts, and a broken file is a `GradingError` with its line.
@Suite struct HanTableTests {
    static let tableURL = TestContent.keysDirectory.appendingPathComponent(HanConverter.fileName)

    static func shipped() throws -> HanConverter {
        try HanConverter.parse(Data(contentsOf: tableURL))
    }

    /// ICU's transform of the whole block, as `scripts/hans-hant-table.swift` runs it; `nil` without ICU.
    static let icuTargets: [UInt32]? = {
        var view = String.UnicodeScalarView()
        for value in HanConverter.block {
            if let scalar = Unicode.Scalar(value) { view.append(scalar) }
        }
        guard let converted = String(view).applyingTransform(StringTransform("Hans-Hant"), reverse: false) else {
            return nil
        }
        return converted.unicodeScalars.map(\.value)
    }()

    @Test(.enabled(if: icuTargets != nil, "this platform's Foundation has no ICU Hans-Hant transform"))
    func theShippedTableIsICUsTransform() throws {
        let targets = try #require(Self.icuTargets)
        try #require(targets.count == HanConverter.block.count, "ICU maps the block character for character")
        let converter = try Self.shipped()
        var drifted: [String] = []
        for (source, target) in zip(HanConverter.block, targets) where converter.convert(source) != target {
            drifted.append(
                String(format: "U+%04X: table U+%04X, ICU U+%04X", source, converter.convert(source), target))
        }
        #expect(
            drifted.isEmpty,
            "regenerate with swift scripts/hans-hant-table.swift > Content/keys/hans-hant.txt\n\(drifted.prefix(20).joined(separator: "\n"))"
        )
    }

    @Test(arguments: [
        ("这", "這"), ("铰", "鉸"), ("链", "鏈"), ("设", "設"), ("备", "備"), ("竖", "竪"),
        ("中", "中"), ("上", "上"), ("a", "a"), ("あ", "あ"), ("㐀", "㐀"),
    ])
    func theShippedTableConverts(_ simplified: String, _ traditional: String) throws {
        let converter = try Self.shipped()
        let source = try #require(simplified.unicodeScalars.first?.value)
        #expect(converter.convert(source) == traditional.unicodeScalars.first?.value)
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let line: Int
        var testDescription: String { name }

        init(_ name: String, _ text: String, line: Int) {
            self.init(name, Array(text.utf8), line: line)
        }

        init(_ name: String, _ bytes: [UInt8], line: Int) {
            self.name = name
            self.bytes = bytes
            self.line = line
        }
    }

    static let broken: [Broken] = [
        Broken("one character", "# header\n这\n", line: 2),
        Broken("no tab", "这這\n", line: 1),
        Broken("three fields", "这\t這\t這\n", line: 1),
        Broken("spaces instead of a tab", "这 這\n", line: 1),
        Broken("two characters on a side", "这\t這這\n", line: 1),
        Broken("empty target", "这\t\n", line: 1),
        Broken("Latin letters", "铰\t鉸\na\tb\n", line: 2),
        Broken("source outside the block", "㐀\t這\n", line: 1),
        Broken("target not Han", "这\tz\n", line: 1),
        Broken("maps to itself", "中\t中\n", line: 1),
        Broken("duplicate source", "这\t這\n链\t鏈\n\n这\t這\n", line: 4),
        Broken("not UTF-8", [0xE8, 0xBF, 0x99, 0x09, 0xFF, 0x0A], line: 1),
    ]

    @Test(arguments: broken)
    func aBrokenTableNamesItsFileAndLine(_ broken: Broken) {
        do {
            _ = try HanConverter.parse(broken.bytes)
            Issue.record("parsed a broken table: \(broken.name)")
        } catch {
            #expect(error.code == .invalidKey)
            #expect(error.file == HanConverter.fileName)
            #expect(error.line == broken.line)
            #expect(error.description.hasPrefix("\(HanConverter.fileName):\(broken.line): "))
        }
    }

    @Test func commentsBlankLinesAndCRLFAreAccepted() throws {
        let converter = try HanConverter.parse(Array("# from ICU\r\n\r\n这\t這\r\n铰\t鉸".utf8))
        #expect(converter.convert(0x8FD9) == 0x9019)
        #expect(converter.convert(0x94F0) == 0x9278)
        #expect(converter.convert(0x94FE) == 0x94FE, "not listed: unchanged")
    }

    @Test func aLanguageNeedingTheTableFailsWithoutIt() throws {
        var language = AnswerKeyBookTests.language()
        var text = language["text"] as? [String: Any] ?? [:]
        text["simplifiedToTraditional"] = true
        language["text"] = text
        let neutral = try AnswerKeyBookTests.data(AnswerKeyBookTests.neutral())
        let languageData = try AnswerKeyBookTests.data(language)
        do {
            _ = try AnswerKeyBook.make(neutral: neutral, languages: [("xx", languageData)])
            Issue.record("loaded simplifiedToTraditional without a table")
        } catch {
            #expect(error.code == .unreadableFile)
            #expect(error.file == HanConverter.fileName)
        }
        let table = Data("这\t這\n".utf8)
        let book = try AnswerKeyBook.make(neutral: neutral, languages: [("xx", languageData)], hanTable: table)
        #expect(book.packs["xx"]?.normalizer.tokens("这").map(\.text) == ["這"])
    }

    @Test func aBrokenTableStopsTheLoadEvenWhenNoLanguageNeedsIt() throws {
        let neutral = try AnswerKeyBookTests.data(AnswerKeyBookTests.neutral())
        let language = try AnswerKeyBookTests.data(AnswerKeyBookTests.language())
        do {
            _ = try AnswerKeyBook.make(neutral: neutral, languages: [("xx", language)], hanTable: Data("这\n".utf8))
            Issue.record("loaded a broken table")
        } catch {
            #expect(error.file == HanConverter.fileName && error.line == 1)
        }
    }
}
