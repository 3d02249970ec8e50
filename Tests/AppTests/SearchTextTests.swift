import Foundation
import Testing

@testable import App

/// The search tokenizer's fast paths (ASCII bytes, cached roles) give what its definition gives: every
/// character folded, every folded character a CJK character, a letter or digit, or a break.
struct SearchTextTests {
    static let languageTags = ["it": "it", "es": "es", "tr": "tr", "zh-Hant": "zh-Hant", "ja": "ja"]

    /// Runs as the definition states them, one `Character` at a time.
    static func definedRuns(_ text: String, languageTag: String) -> [String] {
        var folder = SearchText(languageTag: languageTag)
        var runs: [String] = []
        var current = ""
        var currentIsCJK = false
        func flush() {
            if !current.isEmpty { runs.append("\(current)|\(currentIsCJK)") }
            current = ""
        }
        for character in text {
            for folded in folder.fold(character) {
                guard let scalar = folded.unicodeScalars.first else { continue }
                let cjk = SearchText.isCJK(scalar)
                if cjk || folded.isLetter || folded.isNumber {
                    if cjk != currentIsCJK { flush() }
                    currentIsCJK = cjk
                    current.append(folded)
                } else {
                    flush()
                }
            }
        }
        flush()
        return runs
    }

    static func runs(_ text: String, languageTag: String) -> [String] {
        var folder = SearchText(languageTag: languageTag)
        return folder.runs(text).map { "\($0.text)|\($0.isCJK)" }
    }

    @Test(arguments: ["it", "es", "tr", "zh-Hant", "ja"])
    func theWholeCourseDocumentSplitsAsDefined(language: String) throws {
        let url = TestServer.repositoryRoot.appendingPathComponent("Content/\(language).txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        let tag = Self.languageTags[language] ?? language
        let expected = Self.definedRuns(text, languageTag: tag)
        let actual = Self.runs(text, languageTag: tag)
        #expect(actual.count == expected.count)
        let first = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(first == nil, "first difference at run \(first?.offset ?? -1): \(first.map { "\($0.element)" } ?? "")")
    }

    @Test(arguments: [
        ("it", "Perché NON è così?"), ("it", "e\u{301}lan e\u{301}"), ("it", "line\r\nbreak\rand\nmore"),
        ("tr", "İSTANBUL ılık IĞDIR iç"), ("tr", "İ"), ("es", "ﬁn ＡＢＣ１２３ año"), ("ja", "ｶﾀｶﾅ と ガラケー Tab 1"),
        ("zh-Hant", "摺痕A1這臺裝置，OK。"), ("it", "\u{600}1 x\u{301}\u{302}y"), ("it", "👍🏽 ok 🇮🇹 a\u{200D}b"),
        ("it", ""), ("it", "   "), ("it", "a"), ("it", "É"),
        ("ja", "漢\u{FE00}字\u{3099}か\u{3099}"), ("zh-Hant", "中a中1中"), ("it", "a\u{4E00}\u{301}b"),
    ])
    func edgeCasesSplitAsDefined(language: String, text: String) {
        #expect(Self.runs(text, languageTag: language) == Self.definedRuns(text, languageTag: language))
    }

    @Test(arguments: ["it", "es", "tr", "zh-Hant", "ja"])
    func unifiedIdeographsFoldToThemselves(languageTag: String) {
        var folder = SearchText(languageTag: languageTag)
        var changed: [String] = []
        for value in UInt32(0x3400)...0x9FFF where SearchText.isUnifiedIdeograph(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if folder.fold(Character(scalar)) != String(scalar) { changed.append(String(value, radix: 16)) }
        }
        #expect(changed.isEmpty, "folded: \(changed.prefix(10))")
    }

    @Test func asciiFoldsToLowerCase() {
        var folder = SearchText(languageTag: "it")
        for value in UInt8(0)..<0x80 {
            let character = Character(Unicode.Scalar(value))
            #expect(folder.fold(character) == String(character).lowercased())
        }
    }
}
