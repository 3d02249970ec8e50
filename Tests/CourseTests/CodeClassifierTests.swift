import Testing

@testable import Course

@Suite struct CodeClassifierTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let line: String
        let evidence: LineEvidence
        var testDescription: String { "\(line) → \(evidence)" }
    }

    /// Each line judged on its own, as in any single document.
    static let lines: [Case] = [
        Case(line: "API", evidence: .neutral),
        Case(line: "Confronto", evidence: .neutral),
        Case(line: "content", evidence: .weakCode),
        Case(line: "background", evidence: .weakCode),
        Case(line: "#if !targetEnvironment(macCatalyst)", evidence: .code),
        Case(line: "#endif", evidence: .code),
        Case(line: "// 27.1 专有调用放这里，避免 Catalyst 编不过", evidence: .code),
        Case(line: "}", evidence: .code),
        Case(line: "enum Pose { case closed, open, half }", evidence: .code),
        Case(line: "struct Root: View {", evidence: .code),
        Case(line: "GeometryReader { proxy in", evidence: .code),
        Case(line: "@State private var selection: Item.ID?", evidence: .code),
        Case(line: "let window = UIWindow(windowScene: scene)", evidence: .code),
        Case(line: "adaptiveShellRole == .regular && horizontalSizeClass == .regular", evidence: .code),
        Case(line: ".arrangementViewStyle(.split.axes(.horizontal))", evidence: .code),
        Case(line: "if hinge.angle > someRadians { showSidebar = true }", evidence: .code),
        Case(line: "ConcentricRectangle()", evidence: .code),
        Case(line: "    .ignoresSafeArea()", evidence: .code),
        Case(line: "Toggle(\"提醒\", isOn: $reminders)", evidence: .code),
        Case(line: "content // 第 5 章才把垂直栏调优放进来", evidence: .code),
        Case(line: "SwiftUI che si biforca sulla postura:", evidence: .prose),
        Case(line: "SwiftUI, colgado dentro de un NavigationStack:", evidence: .prose),
        Case(line: "SwiftUI 按姿態分叉：", evidence: .prose),
        Case(line: "Esempio che si rompe", evidence: .prose),
        Case(line: "Lista y detalle", evidence: .prose),
        Case(line: "Entradas oficiales", evidence: .prose),
        Case(line: "Player e lista: split", evidence: .prose),
        Case(line: "Un'immagine a tutta superficie deve tenere il soggetto", evidence: .prose),
        Case(line: "Fonte: HIG · Designing for iPhone Duo, Tech Talk 111466.", evidence: .prose),
        Case(
            line: "ExternalNonInteractiveAccessory es una pantalla externa y AirPlay. No es la del Duo.",
            evidence: .prose),
        Case(line: "Il pulsante ha solo il titolo \"Share\". La barra mostra l'icona.", evidence: .prose),
        Case(line: "He said \"unterminated", evidence: .prose),
        // English, as a sixth language would write it: ASCII prose must still read as prose.
        Case(line: "Lists and details", evidence: .prose),
        Case(line: "When the width grows, show the next level", evidence: .prose),
        Case(line: "The fold is not the safe area (iOS 27.1)", evidence: .prose),
        Case(line: "SwiftUI, hung inside a NavigationStack:", evidence: .prose),
        Case(line: "Use the system container, not a hand-made sidebar.", evidence: .prose),
        Case(line: "import SwiftUI", evidence: .code),
        Case(line: "return nil", evidence: .code),
    ]

    @Test(arguments: lines)
    func lineEvidence(_ example: Case) {
        #expect(CodeClassifier.evidence(Substring(example.line)) == example.evidence)
    }

    struct Run: CustomTestStringConvertible, Sendable {
        let lines: [String]
        let kinds: [Item.Kind]
        var testDescription: String { lines.joined(separator: " ⏎ ") }
    }

    /// Lines in their document context: the scanner settles what a line alone cannot.
    static let runs: [Run] = [
        Run(lines: ["API"], kinds: [.heading]),
        Run(
            lines: ["content", "    .safeAreaPadding(.horizontal)", "background", "    .ignoresSafeArea()"],
            kinds: [.code]),
        Run(lines: ["content"], kinds: [.code]),
        Run(
            lines: ["SwiftUI che si biforca sulla postura:", "", "enum Pose { case closed, open, half }"],
            kinds: [.paragraph, .code]),
        Run(lines: ["#if !targetEnvironment(macCatalyst)", "// 27.1 专有调用放这里", "#endif"], kinds: [.code]),
        Run(lines: ["• safeAreaInsets.left * 2"], kinds: [.bullet]),
        Run(lines: ["• UIWindow(frame: UIScreen.main.bounds)"], kinds: [.bullet]),
        Run(lines: ["1. Funzione e stato non si interrompono."], kinds: [.numbered]),
        Run(lines: ["Punto di controllo"], kinds: [.heading]),
        Run(lines: ["Capitolo 3 · Chiedi quanto è larga quest'area, non se è un Duo"], kinds: [.heading]),
        Run(lines: ["Lista e dettaglio", "", "NavigationSplitView {", "}"], kinds: [.heading, .code]),
        Run(lines: ["Una frase.", "let x = 1"], kinds: [.paragraph, .code]),
        // One snippet with a blank line inside stays one block while its braces are open.
        Run(lines: ["struct Stage: View {", "    let a: Int", "", "    var body: Int { a }", "}"], kinds: [.code]),
        Run(lines: ["let a = 1", "", "let b = 2"], kinds: [.code, .code]),
    ]

    @Test(arguments: runs)
    func linesInContext(_ example: Run) throws {
        let vocabulary = try Vocabulary.decode(ContentFixture.files["languages/it.json"] ?? [], file: "it")
        let items = BlockScanner(vocabulary: vocabulary).scan(example.lines.map { Substring($0) })
        #expect(items.map(\.kind) == example.kinds)
    }

    @Test func mergedSnippetKeepsItsBlankLine() throws {
        let vocabulary = try Vocabulary.decode(ContentFixture.files["languages/it.json"] ?? [], file: "it")
        let lines = ["struct Stage: View {", "    let a: Int", "", "    var body: some View { a }", "}"]
        let items = BlockScanner(vocabulary: vocabulary).scan(lines.map { Substring($0) })
        #expect(items.first?.codeLines.map(String.init) == lines)
        #expect(items.first?.line == 1)
    }
}
