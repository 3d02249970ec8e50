import Foundation

/// A small server-side chart: an inline SVG drawn from values 0…1 (no script, no inline style: CSP-safe),
/// inside a `<figure>` whose caption and data table are its text alternative.
///
/// The SVG itself is `aria-hidden`: screen readers read the caption and the table, which hold the same
/// figures, so nothing is conveyed by the picture alone.
public struct SVGChart: Sendable {
    public enum Kind: Sendable {
        /// Points joined by a line, left to right (e.g. completion per day).
        case line
        /// One bar per value (e.g. each question's facility).
        case bars
    }

    /// One value with its label (an axis label and a table row).
    public struct Point: Sendable, Equatable {
        public var label: String
        /// 0…1; `nil` draws nothing (no data) and reads "—" in the table.
        public var value: Double?

        public init(label: String, value: Double?) {
            self.label = label
            self.value = value
        }
    }

    public var id: String
    public var kind: Kind
    public var caption: String
    public var labelHeading: String
    public var valueHeading: String
    public var points: [Point]

    public init(
        id: String, kind: Kind, caption: String, labelHeading: String, valueHeading: String, points: [Point]
    ) {
        self.id = id
        self.kind = kind
        self.caption = caption
        self.labelHeading = labelHeading
        self.valueHeading = valueHeading
        self.points = points
    }

    static let width = 600.0
    static let height = 200.0
    static let margin = 30.0
    /// Room for the percentage labels left of the plot.
    static let leftMargin = 48.0

    /// The figure: caption, picture, and the figures as a table in a disclosure.
    public func node() -> Node {
        .element("figure", [.id(id), .class("chart chart-" + (kind == .line ? "line" : "bars"))]) {
            Node.element("figcaption", [.id(id + "-caption")]) { caption }
            svg()
            Node.element("details", [.class("chart-data")]) {
                Node.element("summary", []) { "The figures" }
                Node.div(
                    .class("table-scroll"), Attribute("tabindex", "0"), Attribute("role", "region"),
                    .aria("labelledby", id + "-caption")
                ) {
                    Node.table {
                        Node.thead {
                            Node.tr {
                                Node.th(Attribute("scope", "col")) { labelHeading }
                                Node.th(Attribute("scope", "col")) { valueHeading }
                            }
                        }
                        Node.tbody {
                            for point in points {
                                Node.tr {
                                    Node.th(Attribute("scope", "row")) { point.label }
                                    Node.td { point.value.map(Self.percent) ?? "—" }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private func svg() -> Node {
        let plotWidth = Self.width - Self.leftMargin - Self.margin
        let plotHeight = Self.height - 2 * Self.margin
        let count = max(points.count, 1)
        func y(_ value: Double) -> Double { Self.margin + plotHeight * (1 - min(max(value, 0), 1)) }
        var marks: [Node] = []
        for level in [0.0, 0.5, 1.0] {
            marks.append(
                .element(
                    "line",
                    [
                        .class("chart-grid"), Attribute("x1", Self.number(Self.leftMargin)),
                        Attribute("x2", Self.number(Self.width - Self.margin)), Attribute("y1", Self.number(y(level))),
                        Attribute("y2", Self.number(y(level))),
                    ]))
            marks.append(
                .element(
                    "text",
                    [
                        .class("chart-axis"), Attribute("x", Self.number(Self.leftMargin - 6)),
                        Attribute("y", Self.number(y(level) + 4)), Attribute("text-anchor", "end"),
                    ]
                ) { Self.percent(level) })
        }
        switch kind {
        case .line:
            let step = points.count > 1 ? plotWidth / Double(points.count - 1) : 0
            let coordinates = points.enumerated().compactMap { index, point in
                point.value.map { (Self.leftMargin + step * Double(index), y($0)) }
            }
            if !coordinates.isEmpty {
                let path = coordinates.enumerated().map { index, point in
                    (index == 0 ? "M" : "L") + Self.number(point.0) + " " + Self.number(point.1)
                }.joined(separator: " ")
                marks.append(.element("path", [.class("chart-line"), Attribute("d", path)]))
                for point in coordinates {
                    marks.append(
                        .element(
                            "circle",
                            [
                                .class("chart-dot"), Attribute("cx", Self.number(point.0)),
                                Attribute("cy", Self.number(point.1)), Attribute("r", "3"),
                            ]))
                }
            }
            if let first = points.first, let last = points.last {
                marks.append(axisLabel(first.label, x: Self.leftMargin, anchor: "start"))
                if points.count > 1 { marks.append(axisLabel(last.label, x: Self.width - Self.margin, anchor: "end")) }
            }
        case .bars:
            let slot = plotWidth / Double(count)
            for (index, point) in points.enumerated() {
                let x = Self.leftMargin + slot * Double(index)
                if let value = point.value {
                    marks.append(
                        .element(
                            "rect",
                            [
                                .class(value < 0.5 ? "chart-bar chart-bar-low" : "chart-bar"),
                                Attribute("x", Self.number(x + slot * 0.15)), Attribute("y", Self.number(y(value))),
                                Attribute("width", Self.number(slot * 0.7)),
                                Attribute("height", Self.number(plotHeight * min(max(value, 0), 1))),
                            ]))
                }
                if points.count <= 16 {
                    marks.append(axisLabel(point.label, x: x + slot / 2, anchor: "middle"))
                }
            }
        }
        return .element(
            "svg",
            [
                Attribute("xmlns", "http://www.w3.org/2000/svg"),
                Attribute("viewbox", "0 0 \(Self.number(Self.width)) \(Self.number(Self.height))"),
                .class("chart-svg"), .aria("hidden", "true"), Attribute("focusable", "false"),
            ]
        ) {
            marks
        }
    }

    private func axisLabel(_ text: String, x: Double, anchor: String) -> Node {
        .element(
            "text",
            [
                .class("chart-axis"), Attribute("x", Self.number(x)), Attribute("y", Self.number(Self.height - 8)),
                Attribute("text-anchor", anchor),
            ]
        ) { text }
    }

    static func number(_ value: Double) -> String {
        String(format: "%.1f", locale: Locale(identifier: "en_US_POSIX"), value)
    }

    static func percent(_ value: Double) -> String {
        String(Int((value * 100).rounded())) + "%"
    }
}
