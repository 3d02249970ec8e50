/// A piece of HTML: an element, escaped text, a fragment of nodes, or (rarely) trusted markup.
///
/// Text and attribute values are escaped when rendered, so course text can never become markup;
/// the only way to emit raw HTML is the deliberately long-named `Node.trustedUnescapedHTML(_:)`.
public struct Node: Sendable {
    indirect enum Kind: Sendable {
        case element(name: String, attributes: [Attribute], children: [Node])
        case text(String)
        case fragment([Node])
        case trusted(String)
        case slot(Slot, fallback: [Node])
    }

    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
    }

    /// Text content, escaped when rendered.
    public static func text(_ text: String) -> Node {
        Node(.text(text))
    }

    /// Several nodes rendered one after the other.
    public static func fragment(_ nodes: [Node]) -> Node {
        Node(.fragment(nodes))
    }

    /// An element by tag name; attribute values and child text are escaped.
    ///
    /// Tag names come from code, never from data: a name outside `[a-z0-9]` is a programmer error.
    public static func element(
        _ name: String,
        _ attributes: [Attribute] = [],
        @NodeBuilder content: () -> [Node] = { [] }
    ) -> Node {
        precondition(HTMLName.isValid(name), "invalid tag name \(name)")
        return Node(.element(name: name, attributes: attributes, children: content()))
    }

    /// Markup emitted exactly as given, without escaping.
    ///
    /// Only for markup produced by code (never for course, learner or request text); every use is a review point.
    public static func trustedUnescapedHTML(_ html: String) -> Node {
        Node(.trusted(html))
    }

    /// A per-learner hole in a pre-rendered page; `fallback` is what anonymous readers see.
    static func slot(_ slot: Slot, @NodeBuilder fallback: () -> [Node] = { [] }) -> Node {
        Node(.slot(slot, fallback: fallback()))
    }

    /// The empty node.
    public static let empty = Node(.fragment([]))
}

/// Tag and attribute names are code, not data; this keeps a typo or injected name out of the markup.
enum HTMLName {
    static func isValid(_ name: String) -> Bool {
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
    }

    /// Elements that have no end tag (HTML Living Standard, "void elements").
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
}
