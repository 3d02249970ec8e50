import Testing

@testable import Views

/// Server-side charts: an SVG hidden from screen readers, a caption and a table with the same figures.
struct SVGChartTests {
    static func render(_ chart: SVGChart) -> String {
        String(decoding: HTMLRenderer.bytes([chart.node()]), as: UTF8.self)
    }

    @Test func aLineChartHasItsFiguresAsATextAlternative() {
        let chart = SVGChart(
            id: "completion", kind: .line, caption: "Completion <over> time", labelHeading: "Day",
            valueHeading: "Mean completion",
            points: [.init(label: "2026-11-30", value: 0), .init(label: "2026-12-01", value: 0.5)])
        let html = Self.render(chart)
        #expect(html.contains("<figcaption id=\"completion-caption\">Completion &lt;over&gt; time</figcaption>"))
        #expect(html.contains("<svg") && html.contains("aria-hidden=\"true\""))
        #expect(html.contains("<path class=\"chart-line\" d=\"M48.0 170.0 L570.0 100.0\""))
        #expect(html.contains("<th scope=\"row\">2026-12-01</th><td>50%</td>"))
        #expect(!html.contains("style="))
    }

    @Test func barsDrawOnlyKnownValuesAndMarkLowOnes() {
        let chart = SVGChart(
            id: "facility", kind: .bars, caption: "Facility", labelHeading: "Question", valueHeading: "Facility",
            points: [.init(label: "q1", value: 0.25), .init(label: "q2", value: nil), .init(label: "q3", value: 1)])
        let html = Self.render(chart)
        #expect(html.components(separatedBy: "<rect").count - 1 == 2)
        #expect(html.contains("class=\"chart-bar chart-bar-low\""))
        #expect(html.contains("<th scope=\"row\">q2</th><td>—</td>"))
    }
}
