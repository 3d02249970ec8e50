/// A QR symbol as inline SVG: dark modules as one path on a light square with the four-module quiet zone
/// scanners need (light even in dark mode), named for assistive technology by `label`.
public struct QRCodeSVG: Sendable {
    /// Light modules around the symbol, as the QR specification asks.
    public static let quietZone = 4

    public var symbol: QRSymbol
    public var label: String

    public init(symbol: QRSymbol, label: String) {
        self.symbol = symbol
        self.label = label
    }

    /// The `<svg>` element.
    public func node() -> Node {
        let side = String(symbol.size + 2 * Self.quietZone)
        // The HTML parser adjusts `viewbox` to SVG's `viewBox`; the builder only writes lower-case names.
        return .element(
            "svg",
            [
                Attribute("xmlns", "http://www.w3.org/2000/svg"), Attribute("viewbox", "0 0 \(side) \(side)"),
                .class("resume-qr"), Attribute("role", "img"), .aria("label", label),
                Attribute("shape-rendering", "crispEdges"),
            ]
        ) {
            Node.element("rect", [Attribute("width", side), Attribute("height", side), Attribute("fill", "#fff")])
            Node.element("path", [Attribute("d", pathData), Attribute("fill", "#000")])
        }
    }

    /// The markup of `node()` alone.
    public func render() -> String {
        String(decoding: HTMLRenderer.bytes([node()]), as: UTF8.self)
    }

    /// One rectangle per horizontal run of dark modules: `M x y h n v 1 h -n z`.
    var pathData: String {
        var data = ""
        let size = symbol.size
        for row in 0..<size {
            var column = 0
            while column < size {
                guard symbol.isDark(row: row, column: column) else {
                    column += 1
                    continue
                }
                var end = column
                while end < size, symbol.isDark(row: row, column: end) { end += 1 }
                let x = column + Self.quietZone
                let y = row + Self.quietZone
                data += "M\(x) \(y)h\(end - column)v1h-\(end - column)z"
                column = end
            }
        }
        return data
    }
}
