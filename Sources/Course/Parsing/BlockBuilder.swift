/// Turns a scanned item into a model block, recognising notes, source lines and bullet parts.
enum BlockBuilder {
    static func block(_ item: Item, anchor: String, vocabulary: Vocabulary) -> Block {
        switch item.kind {
        case .heading:
            return Block(kind: .heading, anchor: anchor, line: item.line, text: String(item.text))
        case .paragraph:
            let kind: Block.Kind =
                item.text.startsWithMarker(vocabulary.chapter.notYet)
                ? .note : item.text.startsWithMarker(vocabulary.chapter.source) ? .source : .paragraph
            return Block(kind: kind, anchor: anchor, line: item.line, text: String(item.text))
        case .code:
            return Block(kind: .code, anchor: anchor, line: item.line, text: item.codeLines.joined(separator: "\n"))
        case .bullet:
            let parts = BulletParts(item.text, markers: vocabulary.items)
            return Block(
                kind: .bullet, anchor: anchor, line: item.line, text: String(item.text.trimmingSpaces()),
                term: parts.term.map(String.init), body: String(parts.body),
                whenToUse: parts.whenToUse.map(String.init), whenNotToUse: parts.whenNotToUse.map(String.init)
            )
        case .numbered:
            return Block(
                kind: .numbered, anchor: anchor, line: item.line, text: String(item.text.trimmingSpaces()),
                number: item.number
            )
        }
    }

    /// Blocks for `items` with anchors `\(prefix)-b\(n)` counted from `start`.
    static func blocks(_ items: some Collection<Item>, prefix: String, start: Int = 0, vocabulary: Vocabulary)
        -> [Block]
    {
        items.enumerated().map { offset, item in
            block(item, anchor: "\(prefix)-b\(start + offset)", vocabulary: vocabulary)
        }
    }
}
