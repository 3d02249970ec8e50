import Testing

@testable import Course

@Suite struct BulletPartsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let code: String
        let text: String
        let term: String?
        let body: String
        let whenToUse: String?
        let whenNotToUse: String?
        var testDescription: String { "\(code): \(text.prefix(40))" }
    }

    static let cases: [Case] = [
        Case(
            code: "it",
            text: "Postura. Chiuso, aperto. Quando usarla: nel Device Hub. Quando non usarla: non fare switch pose.",
            term: "Postura", body: "Chiuso, aperto.", whenToUse: "nel Device Hub.",
            whenNotToUse: "non fare switch pose."
        ),
        Case(
            code: "it", text: "Destinazione di deployment X. Quando usarla: per decidere. Quando non usarla: alzarla.",
            term: "Destinazione di deployment X", body: "", whenToUse: "per decidere.", whenNotToUse: "alzarla."
        ),
        Case(
            code: "zh-Hant", text: "部署目標 IPHONEOS_DEPLOYMENT_TARGET。何時用：決定最舊能安裝的系統。何時不用：把它升到 27.1。",
            term: "部署目標 IPHONEOS_DEPLOYMENT_TARGET", body: "", whenToUse: "決定最舊能安裝的系統。",
            whenNotToUse: "把它升到 27.1。"
        ),
        Case(
            code: "ja", text: "姿勢。 閉じる、開く。使うとき：一つずつ開く。使わないとき：switch pose を書かない。",
            term: "姿勢", body: "閉じる、開く。", whenToUse: "一つずつ開く。", whenNotToUse: "switch pose を書かない。"
        ),
        Case(
            code: "tr",
            text: "Duruş. Kapalı, açık. Ne zaman kullanılır: tek tek aç. Ne zaman kullanılmaz: switch pose yazma.",
            term: "Duruş", body: "Kapalı, açık.", whenToUse: "tek tek aç.", whenNotToUse: "switch pose yazma."
        ),
        Case(
            code: "es", text: "Prueba del lomo. Imagina una ranura. Puede cruzar: fondos.",
            term: "Prueba del lomo", body: "Imagina una ranura. Puede cruzar: fondos.", whenToUse: nil,
            whenNotToUse: nil
        ),
        Case(
            code: "it", text: "safeAreaInsets.left * 2", term: nil, body: "safeAreaInsets.left * 2", whenToUse: nil,
            whenNotToUse: nil),
        Case(
            code: "ja", text: "タイトルだけでアイコンがないツールバーボタン。自分で描いた「…」メニュー",
            term: nil, body: "タイトルだけでアイコンがないツールバーボタン。自分で描いた「…」メニュー", whenToUse: nil,
            whenNotToUse: nil
        ),
        Case(
            code: "it", text: "Solo il contrario. Quando non usarlo: mai.", term: "Solo il contrario", body: "",
            whenToUse: nil,
            whenNotToUse: "mai."
        ),
    ]

    @Test(arguments: cases)
    func splitsTermBodyAndUseParts(_ example: Case) throws {
        let vocabulary = try Vocabulary.decode(ContentFixture.files["languages/\(example.code).json"] ?? [], file: "")
        let parts = BulletParts(Substring(example.text), markers: vocabulary.items)
        #expect(parts.term.map(String.init) == example.term)
        #expect(String(parts.body) == example.body)
        #expect(parts.whenToUse.map(String.init) == example.whenToUse)
        #expect(parts.whenNotToUse.map(String.init) == example.whenNotToUse)
    }

    @Test func realBulletsKeepTheirUsePartsApart() throws {
        let bullet = try #require(
            ContentFixture.library["it"]?.chapter(3)?.blocks.first { $0.term == "horizontalSizeClass" }
        )
        #expect(
            bullet.body == "SwiftUI: @Environment(\\.horizontalSizeClass). UIKit: traitCollection.horizontalSizeClass.")
        #expect(bullet.whenToUse == "per distinguere larghezza compact e regular, insieme alla size class verticale.")
        #expect(bullet.whenNotToUse == "non tradurre .regular in «pagina per iPad».")
        #expect(bullet.text.hasPrefix("horizontalSizeClass. SwiftUI"))
    }
}
