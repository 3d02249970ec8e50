import Foundation
import Views

/// Small course values for the page tests, built in code; strings come from the real `Content/ui` files.
enum Fixtures {
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while url.path != "/"
            && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
        {
            url.deleteLastPathComponent()
        }
        return url
    }()

    static let uiDirectory = repositoryRoot.appendingPathComponent("Content/ui")
    static let languageCodes = ["it", "es", "tr", "zh-Hant", "ja"]

    static func strings(_ code: String) throws -> UIStrings {
        let url = uiDirectory.appendingPathComponent(code + ".json")
        return try UIStrings(json: Data(contentsOf: url), source: url.path)
    }

    /// The documents and vocabularies of `Content/`, keyed by relative path as App hands them to Course.
    static func courseFiles() -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for path in languageCodes.flatMap({ ["\($0).txt", "languages/\($0).json"] }) {
            let url = repositoryRoot.appendingPathComponent("Content").appendingPathComponent(path)
            files[path] = FileManager.default.contents(atPath: url.path).map { [UInt8]($0) }
        }
        return files
    }

    static func languages() throws -> [PageLanguage] {
        try languageCodes.map { PageLanguage(code: $0, name: try strings($0).languageName) }
    }

    static func context(_ code: String = "it") throws -> PageContext {
        let language = try languages().first { $0.code == code } ?? PageLanguage(code: code, name: code)
        return PageContext(
            language: language, strings: try strings(code), languages: try languages(), outline: outline(code))
    }

    static func outline(_ code: String) -> CourseOutline {
        CourseOutline(
            title: code == "ja" ? "iPhone Duo の画面：レイアウトからコードまで" : "Progettare per iPhone Duo <dal layout> al codice",
            chapters: (0...11).map {
                ChapterSummary(number: $0, title: "Titolo \($0) & \"virgolette\"", questionCount: $0 == 5 ? 4 : 3)
            },
            appendixTitle: "Confronti, segnali d'allarme e risposte",
            practiceTitle: "Gli ingressi in basso restano fermi",
            practiceQuestionCount: 4
        )
    }

    static let hostile = "<script>alert(1)</script> & \"quoted\" 'single'"

    /// A chapter with every block kind, a hostile paragraph and bullet, and one question of each kind.
    static func chapter(number: Int = 3, language: String = "it") -> ChapterContent {
        let prefix = language == "ja" ? "日本語 " : ""
        return ChapterContent(
            number: number,
            title: prefix + "Chiedi quanto è larga quest'area, non se è un Duo",
            lead: prefix + "Dopo questo capitolo sai. Leggere la larghezza del contenitore.",
            blocks: [
                BlockContent(kind: .heading, anchor: "ch3-b1", text: prefix + "Esempio che si rompe"),
                BlockContent(
                    kind: .paragraph, anchor: "ch3-b2", text: prefix + "Una pagina che legge UIScreen.main.bounds."),
                BlockContent(
                    kind: .code, anchor: "ch3-b3",
                    codeLines: [
                        "struct Root: View {",
                        "    @State private var selection: Item.ID?",
                        "    var body: some View { Text(\"宽度 \\(width)\") } // 只看容器",
                        "}",
                        "#if os(iOS)",
                        "let veryLongIdentifierNameThatDoesNotFitOnANarrowPhoneScreenAtAllBecauseItIsVeryLong = 700",
                        "#endif",
                    ]),
                BlockContent(kind: .paragraph, anchor: "ch3-b4", text: hostile),
                BlockContent(
                    kind: .bullet, anchor: "ch3-b5", text: "• horizontalSizeClass. Dice compact o regular.",
                    term: "horizontalSizeClass", body: "Dice compact o regular. " + hostile,
                    whenToUse: "per scegliere una o due colonne.", whenNotToUse: "per dire «questo è un iPad»."
                ),
                BlockContent(
                    kind: .bullet, anchor: "ch3-b6", text: "safeAreaInsets.left * 2", body: "safeAreaInsets.left * 2"),
                BlockContent(
                    kind: .numbered, anchor: "ch3-b7", text: "Funzione e stato non si interrompono.", number: 1),
                BlockContent(
                    kind: .numbered, anchor: "ch3-b8", text: "La larghezza in più serve alla gerarchia.", number: 2),
                BlockContent(kind: .heading, anchor: "ch3-b9", text: "API"),
                BlockContent(
                    kind: .paragraph, anchor: "ch3-b10",
                    text:
                        "https://developer.apple.com/documentation/uikit/uitraitcollection/horizontalsizeclassisaverylongurl"
                ),
                BlockContent(
                    kind: .note, anchor: "ch3-b11",
                    text: prefix + "In questo capitolo non farlo ancora. Non scrivere if isDuo."),
                BlockContent(kind: .source, anchor: "ch3-b12", text: "Fonte: HIG · Designing for iPhone Duo."),
            ],
            questions: [
                QuestionContent(
                    id: "ch\(number)-q1", number: 1,
                    prompt: prefix + "Le barre stanno in alto e in basso, oppure di lato?", kind: .choice,
                    options: [
                        AnswerOption(value: "top-bottom", label: "In alto e in basso"),
                        AnswerOption(value: "sides", label: "Di lato"),
                    ]),
                QuestionContent(
                    id: "ch\(number)-q2", number: 2, prompt: "È diventata un'app per iPad? " + hostile, kind: .boolean),
                QuestionContent(
                    id: "ch\(number)-q3", number: 3, prompt: "Quante interfacce vanno costruite?", kind: .number),
                QuestionContent(id: "ch\(number)-q4", number: 4, prompt: "Perché non si guarda l'angolo?", kind: .open),
            ]
        )
    }

    static let grade = GradeResult(
        verdict: .partial, score: 0.5, found: ["regular × regular"], missing: ["app per iPhone " + hostile],
        feedback: "Quasi: " + hostile, reference: "Dopo l'apertura è ancora un'app per iPhone."
    )

    static let attempt = AttemptSummary(
        date: Date(timeIntervalSince1970: 1_767_225_600), answer: "la mia risposta " + hostile, choice: "Di lato",
        verdict: .incorrect, score: 0
    )
}
