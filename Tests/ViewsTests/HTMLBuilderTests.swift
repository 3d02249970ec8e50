import Testing

@testable import Views

struct HTMLBuilderTests {
    @Test(arguments: [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("a & b", "a &amp; b"),
        (#""double" 'single'"#, "&quot;double&quot; &#39;single&#39;"),
        ("繁體中文 · 日本語 · Türkçe", "繁體中文 · 日本語 · Türkçe"),
        ("nul\u{0}bell\u{7}del\u{7F}", "nul\u{FFFD}bell\u{FFFD}del\u{FFFD}"),
        ("c1\u{85}control", "c1\u{FFFD}control"),
        ("cent ¢ and nbsp\u{A0}", "cent ¢ and nbsp\u{A0}"),
        ("tab\tnewline\n", "tab\tnewline\n"),
    ])
    func textIsEscaped(input: String, expected: String) {
        #expect(HTMLRenderer.string([.p { input }]) == "<p>" + expected + "</p>")
    }

    @Test func attributeValuesCannotBreakOutOfTheirQuotes() {
        let html = HTMLRenderer.string([.a(.href("x\" onmouseover=\"alert(1)"), .title("it's <b>")) { "link" }])
        #expect(html == "<a href=\"x&quot; onmouseover=&quot;alert(1)\" title=\"it&#39;s &lt;b&gt;\">link</a>")
    }

    @Test func voidElementsHaveNoEndTagAndBooleanAttributesNoValue() {
        let html = HTMLRenderer.string([.input(.type("radio"), .checked, .when(false, .required), .none), .br()])
        #expect(html == "<input type=\"radio\" checked><br>")
    }

    @Test func trustedMarkupIsTheOnlyUnescapedPath() {
        let html = HTMLRenderer.string([.trustedUnescapedHTML("<!doctype html>"), .text("<!doctype html>")])
        #expect(html == "<!doctype html>&lt;!doctype html&gt;")
    }

    @Test func builderSupportsConditionsLoopsAndNestedLists() {
        let items = ["a", "<b>"]
        let show = false
        let html = HTMLRenderer.string([
            .ul {
                for item in items {
                    Node.li { item }
                }
                if show {
                    Node.li { "hidden" }
                } else {
                    [Node.li { "x" }, Node.li { "y" }]
                }
            }
        ])
        #expect(html == "<ul><li>a</li><li>&lt;b&gt;</li><li>x</li><li>y</li></ul>")
    }

    @Test func slotsSplitThePageAndFallBackWhenEmpty() {
        let nodes: [Node] = [.p { "before" }, .slot(.continueReading) { "start" }, .p { "after" }]
        let segments = HTMLRenderer.segments(nodes)
        #expect(segments.count == 3)
        #expect(HTMLRenderer.string(nodes) == "<p>before</p>start<p>after</p>")
    }

    @Test(arguments: [
        ("ch3-b1", "ch3-b1"),
        ("a b/c?d#e", "a%20b%2Fc%3Fd%23e"),
        ("繁", "%E7%B9%81"),
    ])
    func urlSegmentsArePercentEncoded(input: String, expected: String) {
        #expect(URLPath.segment(input) == expected)
    }

    @Test func queryComponentsEncodeSpacesAsPlus() {
        #expect(URLPath.query("perché & co") == "perch%C3%A9+%26+co")
    }
}
