import Testing
import Transliteration

@Suite struct TransliteratorTests {
    @Test(arguments: [
        ("ue to shita", "うえ と した"),
        ("jouge", "じょうげ"),
        ("isshiki", "いっしき"),
        ("chotto", "ちょっと"),
        ("kon'nichiwa", "こんにちわ"),
    ])
    func readsRomajiAsHiragana(romaji: String, kana: String) throws {
        #expect(try Transliterator(id: "Latin-Hiragana").transliterate(romaji) == kana)
    }

    @Test func unknownTransformIsAnError() {
        #expect(throws: TransliterationError.unknownTransform("Klingon-Latin")) {
            try Transliterator(id: "Klingon-Latin")
        }
    }

    @Test func emptyTextStaysEmpty() throws {
        #expect(try Transliterator(id: "Latin-Hiragana").transliterate("") == "")
    }

    @Test func longTextIsTransliteratedWhole() throws {
        let text = String(repeating: "shi ", count: 2000)
        #expect(try Transliterator(id: "Latin-Hiragana").transliterate(text) == String(repeating: "し ", count: 2000))
    }

    @Test func concurrentCallersGetTheSameText() async throws {
        let transliterator = try Transliterator(id: "Latin-Hiragana")
        let words = ["hinjikaku", "nabigeshon", "sukurooru", "tatemuki", "shisutemu baa"]
        let expected = words.map(transliterator.transliterate)
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<16 { group.addTask { words.map(transliterator.transliterate) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }
}
