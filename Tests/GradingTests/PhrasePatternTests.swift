import Testing

@testable import Grading

/// The phrase syntax of the key files, as data: language, phrase, text, whether it matches.
@Suite struct PhrasePatternTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let language: String
        let phrase: String
        let text: String
        let matches: Bool
        var testDescription: String { "[\(language)] \(phrase) in \(text) → \(matches)" }
    }

    static let cases: [Case] = [
        Case(language: "it", phrase: "interfacc*", text: "due interfacce", matches: true),
        // Snowball (it, es): a whole word matches its inflected forms, never a longer word that only starts like it.
        Case(language: "it", phrase: "interfaccia", text: "due interfacce", matches: true),
        Case(language: "it", phrase: "separati", text: "restano separate", matches: true),
        Case(language: "it", phrase: "lato", text: "latore", matches: false),
        Case(language: "es", phrase: "estirada", text: "las frases quedan estiradas", matches: true),
        Case(language: "es", phrase: "sonido", text: "son dos partes", matches: false),
        // A code name matches whole: Italian "stato" shares the Snowball stem of `@State`.
        Case(language: "it", phrase: "@state", text: "dallo stato", matches: false),
        Case(language: "it", phrase: "@state", text: "lo stesso @State", matches: true),
        // Snowball (tr): a key word written bare matches its inflections, typed with or without Turkish letters; a
        // key word written inflected keeps its case ending; `*` stems never reach a word on the deny list.
        Case(language: "tr", phrase: "görünür", text: "görünüyor", matches: false),
        Case(language: "tr", phrase: "dikey", text: "dikeydir", matches: true),
        Case(language: "tr", phrase: "çubuk", text: "yatay çubukta", matches: true),
        Case(language: "tr", phrase: "arayüz", text: "ayri arayuzler", matches: true),
        Case(language: "tr", phrase: "arayüz", text: "AYRI ARAYÜZLER", matches: true),
        Case(language: "tr", phrase: "gezinmeyi sar*", text: "gezinme tarafından sarılır", matches: false),
        Case(language: "tr", phrase: "boşluk", text: "arada koca bir boşluğu var", matches: true),
        Case(language: "tr", phrase: "kenar", text: "kenarlarda", matches: true),
        Case(language: "tr", phrase: "kenar", text: "kenarlık", matches: false),
        Case(language: "tr", phrase: "belir*", text: "belirir", matches: true),
        Case(language: "tr", phrase: "belir*", text: "açı belirleyici değil", matches: false),
        Case(language: "it", phrase: "alto … basso", text: "in alto e anche in basso", matches: true),
        Case(language: "it", phrase: "alto … basso", text: "in alto, in basso", matches: false),
        Case(language: "it", phrase: "alto … basso", text: "alto uno due tre quattro cinque sei basso", matches: false),
        Case(language: "it", phrase: "barra verticale", text: "barra, verticale", matches: false),
        Case(language: "es", phrase: "está activa", text: "esta activa", matches: true),
        Case(language: "tr", phrase: "çubu*", text: "CUBUGUNU", matches: true),
        Case(language: "zh-Hant", phrase: "垂直欄", text: "垂 直 栏", matches: true),
        Case(language: "zh-Hant", phrase: "先收標籤欄", text: "先收，標籤欄", matches: false),
        Case(language: "ja", phrase: "入る", text: "入らない", matches: true),
        Case(language: "ja", phrase: "入る", text: "入ります", matches: true),
        Case(language: "ja", phrase: "入る", text: "入口", matches: false),
        Case(language: "ja", phrase: "対応する", text: "対応しています", matches: true),
        Case(language: "ja", phrase: "包まれる", text: "包まれます", matches: true),
    ]

    @Test(arguments: cases)
    func matchesLikeTheSyntaxSays(_ testCase: Case) throws {
        let pack = try #require(try TestContent.book().packs[testCase.language])
        let pattern = try #require(PhrasePattern(testCase.phrase, normalizer: pack.normalizer))
        let tokens = pack.normalizer.tokens(testCase.text)
        let clauses = tokens.map(\.punctuationClause)
        let found = tokens.indices.contains { pattern.match(in: tokens, clauses: clauses, at: $0) != nil }
        #expect(found == testCase.matches)
    }

    @Test func markersSetPolarityAndClauseRule() throws {
        let pack = try #require(try TestContent.book().packs["es"])
        #expect(PhrasePattern("!iguales", normalizer: pack.normalizer)?.polarity == .negated)
        #expect(PhrasePattern("~sistema", normalizer: pack.normalizer)?.polarity == .any)
        #expect(PhrasePattern("iguales", normalizer: pack.normalizer)?.polarity == .positive)
        #expect(PhrasePattern("=no sé", normalizer: pack.normalizer)?.isWholeClause == true)
        #expect(PhrasePattern("¿?", normalizer: pack.normalizer) == nil)
    }
}
