import Testing

@testable import Views

struct SwiftHighlighterTests {
    typealias Token = HighlightToken

    @Test(arguments: [
        ("let x = 1", [Token(.keyword, "let"), Token(nil, " x = "), Token(.number, "1")]),
        (
            "@State private var s",
            [
                Token(.attribute, "@State"), Token(nil, " "), Token(.keyword, "private"), Token(nil, " "),
                Token(.keyword, "var"), Token(nil, " s"),
            ]
        ),
        ("// 三套控制器，三份选中项", [Token(.comment, "// 三套控制器，三份选中项")]),
        ("x // 开合时\ny", [Token(nil, "x "), Token(.comment, "// 开合时"), Token(nil, "\ny")]),
        ("#if os(iOS)", [Token(.directive, "#if"), Token(nil, " os(iOS)")]),
        ("#endif", [Token(.directive, "#endif")]),
        (
            "#available(iOS 27.1, *)",
            [Token(.directive, "#available"), Token(nil, "(iOS "), Token(.number, "27.1"), Token(nil, ", *)")]
        ),
        (
            #"Text("宽度 \(width)")"#,
            [
                Token(.type, "Text"), Token(nil, "("), Token(.string, #""宽度 \("#), Token(nil, "width"),
                Token(.string, #")""#), Token(nil, ")"),
            ]
        ),
        (
            #""a \(f("b")) c""#,
            [
                Token(.string, #""a \("#), Token(nil, "f("), Token(.string, #""b""#), Token(nil, ")"),
                Token(.string, #") c""#),
            ]
        ),
        (#""say \"hi\"""#, [Token(.string, #""say \"hi\"""#)]),
        (##"#"raw \(x) "q""#"##, [Token(.string, ##"#"raw \(x) "q""#"##)]),
        ("\"\"\"\nline \"one\"\n\"\"\"", [Token(.string, "\"\"\"\nline \"one\"\n\"\"\"")]),
        ("\"open\nnext", [Token(.string, "\"open"), Token(nil, "\nnext")]),
        (
            "0x1F 1_000 2.5e-3",
            [
                Token(.number, "0x1F"), Token(nil, " "), Token(.number, "1_000"), Token(nil, " "),
                Token(.number, "2.5e-3"),
            ]
        ),
        ("/* a /* nested */ b */ x", [Token(.comment, "/* a /* nested */ b */"), Token(nil, " x")]),
        ("case .default: .init()", [Token(.keyword, "case"), Token(nil, " .default: .init()")]),
        ("Self.init()", [Token(.keyword, "Self"), Token(nil, ".init()")]),
        ("func f() -> Int", [Token(.keyword, "func"), Token(nil, " f() -> "), Token(.type, "Int")]),
        ("$selection $0", [Token(nil, "$selection $0")]),
        ("`default` x2", [Token(nil, "`default` x2")]),
        ("min(readable.width, 700)", [Token(nil, "min(readable.width, "), Token(.number, "700"), Token(nil, ")")]),
        ("safeAreaInsets.left * 2", [Token(nil, "safeAreaInsets.left * "), Token(.number, "2")]),
        ("", []),
    ])
    func tokens(source: String, expected: [Token]) {
        #expect(SwiftHighlighter.tokens(in: source) == expected)
    }

    @Test(arguments: [
        "struct Root: View {\n    @State private var selection: Item.ID?\n}",
        "\"unterminated \\(", "/* never closed", "#", "@", "\"\"\"", "#\"\"#", "\\(", "\u{FFFD}\u{0}", "é日本語🙂",
        "let a = \"\\(\"\\(\"\\(x)\")\")\"", "0x", "1e", "1.", ")))",
    ])
    func tokensReassembleTheSourceExactly(source: String) {
        #expect(SwiftHighlighter.tokens(in: source).map(\.text).joined() == source)
    }

    @Test func randomInputNeverCrashesAndRoundTrips() {
        var generator = SplitMix(seed: 42)
        let alphabet = Array("ab Z9_\"\\()#@/*.\n\t{}$`e+-x日")
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 40)
            let source = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            #expect(SwiftHighlighter.tokens(in: source).map(\.text).joined() == source)
        }
    }

    @Test func nodesWrapHighlightedTokensInSpans() {
        let html = HTMLRenderer.string(SwiftHighlighter.nodes("let s = \"<b>\""))
        #expect(
            html == "<span class=\"hl-keyword\">let</span> s = <span class=\"hl-string\">&quot;&lt;b&gt;&quot;</span>")
    }
}

/// A small deterministic generator, so a failing random case can be replayed.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
