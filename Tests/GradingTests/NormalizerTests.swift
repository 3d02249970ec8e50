import Foundation
import Testing

@testable import Grading

/// Every normalisation rule, as data: language, input, expected tokens joined by spaces.
@Suite struct NormalizerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let language: String
        let input: String
        let tokens: String
        let rule: String
        var testDescription: String { "\(rule) [\(language)] \(input)" }
    }

    static let cases: [Case] = [
        Case(
            language: "it", input: "ＳＤＫ　２７．１", tokens: "sdk 27.1", rule: "NFKC folds full-width letters, digits, space"),
        Case(language: "ja", input: "ﾀﾌﾞﾊﾞｰ", tokens: "た ぶ ば", rule: "NFKC folds half-width katakana, read as hiragana"),
        Case(language: "tr", input: "İÇ EKRAN", tokens: "ic ekran", rule: "Turkish İ lowercases to i"),
        Case(language: "tr", input: "KAPALI", tokens: "kapali", rule: "Turkish I lowercases to ı, folded to i"),
        Case(language: "tr", input: "ıi İI", tokens: "ii ii", rule: "dotted and dotless i meet after folding"),
        Case(language: "it", input: "IPAD İ", tokens: "ipad i", rule: "non-Turkish I is i; İ loses its dot"),
        Case(language: "it", input: "Perché SÌ, è così", tokens: "perche si e cosi", rule: "Italian accents optional"),
        Case(
            language: "es", input: "¿Sí? Está ahí, ñandú", tokens: "si esta ahi nandu", rule: "Spanish accents optional"
        ),
        Case(
            language: "tr", input: "iç ekran, dış ekran, çubuğu", tokens: "ic ekran dis ekran cubugu",
            rule: "Turkish letters optional"),
        Case(language: "ja", input: "ガラス が", tokens: "が ら す が", rule: "Japanese voicing marks are kept"),
        Case(
            language: "zh-Hant", input: "这台设备没有铰链", tokens: "這 台 裝 置 沒 有 鉸 鏈",
            rule: "Simplified → Traditional, mainland 设备 → 裝置"),
        Case(language: "zh-Hant", input: "這臺裝置", tokens: "這 台 裝 置", rule: "variant 臺 folds to 台"),
        Case(language: "zh-Hant", input: "界面和屏幕", tokens: "介 面 和 螢 幕", rule: "mainland vocabulary"),
        Case(language: "zh-Hant", input: "竖屏时在上下", tokens: "豎 屏 時 在 上 下", rule: "竪 variant folds to 豎"),
        Case(language: "zh-Hant", input: "上　下", tokens: "上 下", rule: "Chinese spacing ignored"),
        Case(language: "ja", input: "上 下 に あ る", tokens: "上 下 に あ る", rule: "Japanese spacing ignored"),
        Case(
            language: "it", input: "in-alto,  e   in basso!!", tokens: "in alto e in basso",
            rule: "punctuation and spacing ignored"),
        Case(
            language: "it", input: "hinge.angle e .split", tokens: "hinge angle e split",
            rule: "a dot inside code joins words"),
        Case(
            language: "it", input: "safeAreaInsets.left * 2", tokens: "safeareainsets left 2",
            rule: "operators are not words"),
        Case(language: "es", input: "900pt y iOS18", tokens: "900 pt y ios 18", rule: "digits split from letters"),
        Case(language: "zh-Hant", input: "寬度為０pt", tokens: "寬 度 為 0 pt", rule: "full-width digit in Chinese"),
        Case(language: "it", input: "un'app dell'iPad", tokens: "un app dell ipad", rule: "apostrophes split words"),
    ]

    @Test(arguments: cases)
    func normalises(_ testCase: Case) throws {
        let pack = try #require(try TestContent.book().packs[testCase.language])
        let tokens = pack.normalizer.tokens(testCase.input).map(\.text).joined(separator: " ")
        #expect(tokens == testCase.tokens)
    }

    @Test func punctuationSplitsClausesAndSentences() throws {
        let pack = try #require(try TestContent.book().packs["it"])
        let tokens = pack.normalizer.tokens("alto, basso. lato? no")
        #expect(tokens.map(\.punctuationClause) == [0, 1, 2, 3])
        #expect(tokens.map(\.sentence) == [0, 0, 1, 2])
        #expect(tokens.map(\.inQuestion) == [false, false, true, false])
    }

    @Test func numbersKeepTheirValue() throws {
        let pack = try #require(try TestContent.book().packs["es"])
        let kinds = pack.normalizer.tokens("27.1 y 0").map(\.kind)
        #expect(kinds == [.number(27.1), .word, .number(0)])
    }

    /// Every reference answer, typed in Simplified characters by ICU, normalises like the Traditional original:
    /// the variant table covers the characters the course needs.
    @Test func simplifiedReferenceAnswersNormaliseLikeTheTraditionalOnes() throws {
        let pack = try #require(try TestContent.book().packs["zh-Hant"])
        let course = try #require(try TestContent.library().course("zh-Hant"))
        var differing: [String] = []
        for question in course.questions {
            let (_, answer) = try #require(course.question(id: question.id))
            for text in [answer.text, question.prompt] {
                let simplified = try #require(text.applyingTransform(StringTransform("Hant-Hans"), reverse: false))
                let original = pack.normalizer.tokens(text).map(\.text)
                let converted = pack.normalizer.tokens(simplified).map(\.text)
                if original != converted {
                    let pairs = zip(original, converted).filter { $0 != $1 }.map { "\($0)≠\($1)" }
                    differing.append("\(question.id): \(pairs.prefix(5).joined(separator: " "))")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")
    }
}
