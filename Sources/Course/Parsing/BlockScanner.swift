/// Splits a document's lines into items: sub-headings, paragraphs, code snippets, bullets and numbered items.
///
/// The documents keep one paragraph per line and blank lines around every block, so the scanner works on
/// runs of consecutive non-blank lines: each prose line is its own item, consecutive code lines are one
/// snippet, and two snippets separated only by blank lines are joined while brackets are still open.
struct BlockScanner {
    let vocabulary: Vocabulary
    /// Lines the vocabulary names as structure; they are never code.
    private let structuralLines: [[UInt8]]

    /// The longest line (in Unicode scalars) still read as a sub-heading.
    static let maximumHeadingLength = 120

    init(vocabulary: Vocabulary) {
        self.vocabulary = vocabulary
        structuralLines =
            ([vocabulary.chapter.checkpoint, vocabulary.practice.quiz] + vocabulary.appendix.sections.values)
            .map { Array($0.utf8) }
    }

    func scan(_ lines: [Substring]) -> [Item] {
        var items: [Item] = []
        var index = 0
        while index < lines.count {
            guard !isBlank(lines[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < lines.count, !isBlank(lines[end]) { end += 1 }
            appendRun(lines, index..<end, to: &items)
            index = end
        }
        return items
    }

    private func appendRun(_ lines: [Substring], _ run: Range<Int>, to items: inout [Item]) {
        let isCode = CodeClassifier.resolve(run.map { evidence(lines[$0]) })
        var offset = 0
        while offset < run.count {
            let index = run.lowerBound + offset
            let line = lines[index]
            guard isCode[offset] else {
                items.append(proseItem(line, number: index + 1, alone: run.count == 1))
                offset += 1
                continue
            }
            var end = offset
            var depth = 0
            while end < run.count, isCode[end] {
                depth += SwiftLexeme.bracketBalance(lines[run.lowerBound + end])
                end += 1
            }
            let snippet = Array(lines[index..<(run.lowerBound + end)])
            if var previous = items.last, previous.kind == .code, previous.bracketDepth > 0, offset == 0 {
                previous.codeLines += lines[(previous.lastLine)..<index] + snippet
                previous.bracketDepth += depth
                items[items.count - 1] = previous
            } else {
                items.append(
                    Item(kind: .code, line: index + 1, text: line, codeLines: snippet, bracketDepth: depth)
                )
            }
            offset = end
        }
    }

    private func evidence(_ line: Substring) -> LineEvidence {
        if line.startsWithMarker(vocabulary.items.bullet) || isStructural(line) { return .prose }
        if let numbered = vocabulary.items.numbered.match(line), !numbered.rest.isEmpty,
            CodeClassifier.evidence(numbered.rest) != .code
        {
            return .prose
        }
        return CodeClassifier.evidence(line)
    }

    private func isStructural(_ line: Substring) -> Bool {
        structuralLines.contains { line.utf8.elementsEqual($0) } || vocabulary.chapter.heading.match(line) != nil
            || line.startsWithMarker(vocabulary.appendix.heading) || line.startsWithMarker(vocabulary.practice.heading)
    }

    private func proseItem(_ line: Substring, number: Int, alone: Bool) -> Item {
        if line.startsWithMarker(vocabulary.items.bullet) {
            return Item(kind: .bullet, line: number, text: line.droppingMarker(vocabulary.items.bullet))
        }
        if let numbered = vocabulary.items.numbered.match(line), !numbered.rest.isEmpty {
            return Item(kind: .numbered, line: number, text: numbered.rest, number: numbered.number)
        }
        let isHeading =
            alone && !Self.endsLikeSentence(line) && line.unicodeScalars.count <= Self.maximumHeadingLength
        return Item(kind: isHeading ? .heading : .paragraph, line: number, text: line)
    }

    private static let sentenceEnds: Set<Unicode.Scalar> = [
        ".", ":", "?", "!", ";", ",", "。", "：", "？", "！", "；", "，", "、", "…",
    ]

    private static func endsLikeSentence(_ line: Substring) -> Bool {
        guard let last = line.unicodeScalars.last else { return false }
        return sentenceEnds.contains(last)
    }

    private func isBlank(_ line: Substring) -> Bool {
        line.utf8.allSatisfy { $0 == .space || $0 == .tab }
    }
}
