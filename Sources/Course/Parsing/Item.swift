/// A block found by the scanner, before the parser knows which section it belongs to.
struct Item {
    enum Kind: Equatable {
        case heading, paragraph, code, bullet, numbered
    }

    var kind: Kind
    /// The 1-based line of the item's first line.
    var line: Int
    /// The item's text: the line for prose, the text after the marker for bullets and numbered items.
    var text: Substring
    /// A code item's lines exactly as written, blank lines inside a merged snippet included.
    var codeLines: [Substring] = []
    /// A numbered item's number.
    var number: Int?
    /// The open-bracket depth at the end of a code item, used to join the runs of one snippet.
    var bracketDepth = 0

    /// Whether this item is a prose line that reads exactly `marker`.
    func isLine(_ marker: String) -> Bool {
        (kind == .heading || kind == .paragraph) && text.utf8.elementsEqual(marker.utf8)
    }

    /// Whether this item is a prose line starting with `marker`.
    func opens(with marker: String) -> Bool {
        (kind == .heading || kind == .paragraph) && text.startsWithMarker(marker)
    }

    /// The last line the item covers.
    var lastLine: Int { kind == .code ? line + codeLines.count - 1 : line }
}
