/// The parsed appendix and its answers keyed by chapter, before they are attached to the chapters.
struct AppendixDraft {
    var appendix: Appendix
    var answers: [(chapter: Int, answer: ReferenceAnswer)]
}

extension DocumentParser {
    /// Heading, introductory blocks, then the sub-sections named in the vocabulary; the answers section holds
    /// one `answerLabel` paragraph per chapter.
    mutating func parseAppendix(_ items: ArraySlice<Item>) -> AppendixDraft? {
        guard let heading = items.first else { return nil }
        let title = heading.text.droppingMarker(vocabulary.appendix.heading).trimmingSpaces()
        if title.isEmpty { fail(heading.line, "expected a title after \"\(vocabulary.appendix.heading)\"") }
        let roles = Dictionary(
            AppendixSection.Role.allCases.map { (vocabulary.sectionHeading($0), $0) },
            uniquingKeysWith: { first, _ in first }
        )
        var starts: [(index: Int, role: AppendixSection.Role)] = []
        for index in items.indices.dropFirst() {
            guard items[index].kind == .heading || items[index].kind == .paragraph,
                let role = roles[String(items[index].text)]
            else { continue }
            if let first = starts.first(where: { $0.role == role }) {
                fail(
                    items[index].line,
                    "duplicated appendix section \"\(items[index].text)\" (first at line \(items[first.index].line))")
                continue
            }
            starts.append((index, role))
        }
        for role in AppendixSection.Role.allCases where !starts.contains(where: { $0.role == role }) {
            fail(heading.line, "the appendix has no \"\(vocabulary.sectionHeading(role))\" section")
        }
        let introEnd = starts.first?.index ?? items.endIndex
        let blocks = BlockBuilder.blocks(
            items[(items.startIndex + 1)..<introEnd], prefix: "appendix", vocabulary: vocabulary)
        var sections: [AppendixSection] = []
        var answers: [(chapter: Int, answer: ReferenceAnswer)] = []
        for (position, start) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1].index : items.endIndex
            let content = items[(start.index + 1)..<end]
            let anchor = "appendix-\(start.role.rawValue)"
            if start.role == .answers { answers = parseAnswers(content) }
            sections.append(
                AppendixSection(
                    role: start.role, title: String(items[start.index].text), anchor: anchor,
                    line: items[start.index].line,
                    blocks: BlockBuilder.blocks(content, prefix: anchor, vocabulary: vocabulary)
                )
            )
        }
        let appendix = Appendix(
            title: String(title), heading: String(heading.text), line: heading.line, blocks: blocks, sections: sections,
            answers: answers.sorted { $0.chapter < $1.chapter }.map(\.answer)
        )
        return AppendixDraft(appendix: appendix, answers: answers)
    }

    private mutating func parseAnswers(_ items: ArraySlice<Item>) -> [(chapter: Int, answer: ReferenceAnswer)] {
        var answers: [(chapter: Int, answer: ReferenceAnswer)] = []
        var lines: [Int: Int] = [:]
        let label = vocabulary.appendix.answerLabel
        for item in items {
            guard item.kind == .heading || item.kind == .paragraph, let match = label.match(item.text) else {
                fail(
                    item.line, "expected a reference answer paragraph starting with \"\(label.render(answers.count))\"")
                continue
            }
            if let first = lines[match.number] {
                fail(item.line, "duplicated reference answer for chapter \(match.number) (first at line \(first))")
                continue
            }
            lines[match.number] = item.line
            let text = match.rest.trimmingSpaces()
            if text.isEmpty { fail(item.line, "the reference answer for chapter \(match.number) is empty") }
            let labelText = item.text[..<match.rest.startIndex].trimmingSpaces()
            answers.append(
                (match.number, ReferenceAnswer(label: String(labelText), text: String(text), line: item.line)))
        }
        return answers
    }
}
