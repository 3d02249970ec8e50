extension DocumentParser {
    /// Heading, lead, blocks, the quiz's numbered questions, then the answers paragraph as the last line.
    mutating func parsePractice(_ items: ArraySlice<Item>, lastLine: Int) -> Practice? {
        let markers = vocabulary.practice
        guard let heading = items.first else { return nil }
        let title = heading.text.droppingMarker(markers.heading).trimmingSpaces()
        if title.isEmpty { fail(heading.line, "expected a title after \"\(markers.heading)\"") }
        let body = items.dropFirst()
        guard let leadItem = body.first, leadItem.opens(with: markers.lead) else {
            fail(
                body.first?.line ?? heading.line,
                "expected the case study's lead paragraph starting with \"\(markers.lead)\" after its heading")
            return nil
        }
        let content = body.dropFirst()
        guard let quiz = content.firstIndex(where: { $0.isLine(markers.quiz) }) else {
            fail(
                heading.line,
                "the case study has no quiz; expected a \"\(markers.quiz)\" heading followed by numbered questions "
                    + "(truncated file?)"
            )
            return nil
        }
        let found = parseQuestions(
            items[(quiz + 1)...], idPrefix: "practice", after: items[quiz].line, heading: markers.quiz
        )
        let rest = items[found.end...]
        guard let answerItem = rest.first, answerItem.opens(with: markers.answers) else {
            fail(
                rest.first?.line ?? lastLine,
                "expected the case study's answers paragraph starting with \"\(markers.answers)\" as the last line "
                    + "(truncated file?)"
            )
            return nil
        }
        for extra in rest.dropFirst() {
            fail(extra.line, "unexpected text after the case study's answers paragraph; it must be the last line")
        }
        let text = answerItem.text.droppingMarker(markers.answers).trimmingSpaces()
        if !Self.endsSentence(text) {
            fail(answerItem.line, "the answers paragraph ends mid-sentence; the file looks truncated")
        }
        return Practice(
            title: String(title), heading: String(heading.text), line: heading.line, lead: String(leadItem.text),
            leadLine: leadItem.line,
            blocks: BlockBuilder.blocks(content[..<quiz], prefix: "practice", vocabulary: vocabulary),
            quizLine: items[quiz].line, questions: found.questions,
            answer: ReferenceAnswer(
                label: String(Substring(markers.answers).trimmingSpaces()), text: String(text), line: answerItem.line)
        )
    }

    private static let sentenceTerminators: Set<Character> = [
        ".", "!", "?", "。", "！", "？", "…", ")", "）", "」", "»", "\"",
    ]

    private static func endsSentence(_ text: Substring) -> Bool {
        text.last.map { sentenceTerminators.contains($0) } ?? false
    }
}
