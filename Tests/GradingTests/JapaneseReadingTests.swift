import Foundation
import Testing

@testable import Grading

/// Japanese as learners type it: romaji (`jouge`, `jōge`), kana for the course's kanji (`じょうげ`) and hiragana
/// for its katakana loanwords (`なびげーしょん`) meet the key's written form.
@Suite struct JapaneseReadingTests {
    static let cases: [(input: String, tokens: String)] = [
        ("jouge", "上 下"),
        ("jōge", "上 下"),
        ("joge", "上 下"),
        ("JOUGE", "jouge"),  // capitals are an acronym, not romaji
        ("じょうげ", "上 下"),
        ("ue to shita", "上 と 下"),
        ("ナビゲーション", "な び げ し ょ ん"),
        ("nabigeeshon", "な び げ し ょ ん"),
        ("nabigēshon", "な び げ し ょ ん"),
        ("なびげえしょん", "な び げ し ょ ん"),
        ("UI wa isshiki", "ui は 一 式"),
        ("SwiftUI no status", "swiftui no status"),  // the key's Latin words stay Latin
        ("hinjikaku wo minai", "ひ ん じ 角 を 見 な い"),
        ("kon'nichiwa", "こ ん に ち わ"),
        ("ううん", "う う ん"),  // "no" must not fold into うん, "yes"
        ("いいえ", "い い え"),
        ("ここにはアイコンが必要", "こ こ に は あ い こ ん が 必 要"),  // は + ア is no long vowel
        ("読みづらく、ラベル", "読 み づ ら く ら べ る"),  // no reading (くらべる → 比べる) across the comma
    ]

    @Test(arguments: cases)
    func readsRomajiAndKanaAsTheKeyWritesThem(input: String, tokens: String) throws {
        let pack = try #require(try TestContent.book().packs["ja"])
        #expect(pack.normalizer.tokens(input).map(\.text).joined(separator: " ") == tokens)
    }

    @Test(arguments: ["status", "overlay", "split", "top and bottom", "swiftui", "in alto"])
    func spellsNoRomaji(word: String) {
        #expect(!word.split(separator: " ").allSatisfy { RomajiSyllables.spells(String($0)) })
    }

    @Test(arguments: ["jouge", "shisutemu", "tsutsumareru", "chotto", "kon'nichiwa", "isshiki", "jōge", "hon'ya"])
    func spellsRomaji(word: String) {
        #expect(RomajiSyllables.spells(word))
    }

    @Test func romajiOnTheJapanesePageIsGradedAsJapanese() throws {
        let grader = try TestContent.grader()
        let grade = try grader.grade(questionID: "ch0-q1", language: "ja", answer: "jouge ni aru")
        #expect(grade.verdict == .correct)
        let wrong = try grader.grade(questionID: "ch0-q1", language: "ja", answer: "sokumen ni aru")
        #expect(wrong.verdict == .incorrect)
    }

    @Test func italianOnTheJapanesePageIsNotRomaji() throws {
        let pack = try #require(try TestContent.book().packs["ja"])
        let romaji = try #require(pack.normalizer.rules.romaji)
        #expect(!romaji.isRomaji("in alto e in basso"))
        #expect(!romaji.isRomaji("no"))
        #expect(romaji.isRomaji("iie, iPhone apuri no mama"))
    }

    /// A reading replaces its kana wherever they occur, so it must not be kana the course itself writes
    /// (`した` is also "did"): none occurs in the Japanese course text.
    @Test func readingsAreNotKanaTheCourseWrites() throws {
        let pack = try #require(try TestContent.book().packs["ja"])
        var rules = pack.normalizer.rules
        rules.vocabulary = []
        let plain = Normalizer(rules: rules, han: nil)
        let file = TestContent.keysDirectory.appendingPathComponent("ja.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let readings = try #require((json["text"] as? [String: Any])?["readings"] as? [[String: String]])
        #expect(readings.count >= 40)
        let course = try String(
            contentsOf: TestContent.contentDirectory.appendingPathComponent("ja.txt"), encoding: .utf8)
        let text = plain.tokens(course).map(\.text).joined()
        var colliding: [String] = []
        for reading in readings {
            let kana = plain.tokens(reading["from"] ?? "").map(\.text).joined()
            #expect(reading["reason"]?.isEmpty == false)
            if kana.isEmpty || text.contains(kana) { colliding.append(reading["from"] ?? "") }
        }
        #expect(colliding.isEmpty, "readings the course writes as kana: \(colliding)")
    }
}
