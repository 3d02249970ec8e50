import Course

// BlockContent made from the course model's values, so App passes them as they are.

extension BlockContent {
    /// The block as the pages render it: a bullet's term and its "when to use" parts split out.
    public init(_ block: Block) {
        let kind = BlockContent.Kind(rawValue: block.kind.rawValue) ?? .paragraph
        self.init(
            kind: kind, anchor: block.anchor, text: block.text, term: block.term, body: block.body,
            whenToUse: block.whenToUse, whenNotToUse: block.whenNotToUse, codeLines: block.codeLines.map { String($0) },
            number: block.number
        )
    }
}
