/// Serialises nodes to UTF-8, cutting the output into static segments around per-learner slots.
struct HTMLRenderer {
    private var segments: [PageSegment] = []
    private var buffer: [UInt8] = []

    init(capacity: Int = 16_384) {
        buffer.reserveCapacity(capacity)
    }

    /// Renders `nodes` with slots left as holes.
    static func segments(_ nodes: [Node]) -> [PageSegment] {
        var renderer = HTMLRenderer()
        for node in nodes {
            renderer.write(node)
        }
        return renderer.finish()
    }

    /// Renders `nodes` to bytes, each slot replaced by its fallback.
    static func bytes(_ nodes: [Node], capacity: Int = 16_384) -> [UInt8] {
        var renderer = HTMLRenderer(capacity: capacity)
        renderer.flattensSlots = true
        for node in nodes {
            renderer.write(node)
        }
        return renderer.buffer
    }

    /// Renders `nodes` to a string, each slot replaced by its fallback.
    static func string(_ nodes: [Node]) -> String {
        String(decoding: bytes(nodes), as: UTF8.self)
    }

    private var flattensSlots = false

    private mutating func write(_ node: Node) {
        switch node.kind {
        case .text(let text):
            HTMLEscaping.append(text, to: &buffer)
        case .fragment(let nodes):
            for child in nodes {
                write(child)
            }
        case .trusted(let html):
            buffer.append(contentsOf: html.utf8)
        case .element(let name, let attributes, let children):
            writeElement(name: name, attributes: attributes, children: children)
        case .slot(let slot, let fallback):
            if flattensSlots {
                for child in fallback {
                    write(child)
                }
            } else {
                if !buffer.isEmpty {
                    segments.append(.bytes(buffer))
                    buffer.removeAll(keepingCapacity: true)
                }
                segments.append(.slot(slot, fallback: HTMLRenderer.bytes(fallback)))
            }
        }
    }

    private mutating func writeElement(name: String, attributes: [Attribute], children: [Node]) {
        buffer.append(UInt8(ascii: "<"))
        buffer.append(contentsOf: name.utf8)
        for attribute in attributes where !attribute.isNone {
            buffer.append(UInt8(ascii: " "))
            buffer.append(contentsOf: attribute.name.utf8)
            if let value = attribute.value {
                buffer.append(contentsOf: #"=""#.utf8)
                HTMLEscaping.append(value, to: &buffer)
                buffer.append(UInt8(ascii: "\""))
            }
        }
        buffer.append(UInt8(ascii: ">"))
        if HTMLName.voidElements.contains(name) {
            precondition(children.isEmpty, "void element <\(name)> cannot have children")
            return
        }
        for child in children {
            write(child)
        }
        buffer.append(contentsOf: "</".utf8)
        buffer.append(contentsOf: name.utf8)
        buffer.append(UInt8(ascii: ">"))
    }

    private mutating func finish() -> [PageSegment] {
        if !buffer.isEmpty {
            segments.append(.bytes(buffer))
            buffer = []
        }
        return segments
    }
}

/// A run of pre-rendered bytes, or a per-learner hole with what to show when the learner has nothing there.
enum PageSegment: Sendable {
    case bytes([UInt8])
    case slot(Slot, fallback: [UInt8])
}
