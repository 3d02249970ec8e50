/// A chapter parsed from its section, before its reference answer is attached from the appendix.
struct ChapterDraft {
    var number: Int
    var title: String
    var heading: String
    var line: Int
    var lead: String
    var leadLine: Int
    var blocks: [Block]
    var checkpointLine: Int
    var questions: [Question]
}

extension DocumentParser {
    /// Heading, lead, blocks, checkpoint questions, then the note and source after them.
    mutating func parseChapter(_ number: Int, _ items: ArraySlice<Item>) -> ChapterDraft? {
        guard let heading = items.first, let match = vocabulary.chapter.heading.match(heading.text) else { return nil }
        let title = match.rest.trimmingSpaces()
        if title.isEmpty {
            fail(heading.line, "expected a title after \"\(vocabulary.chapter.heading.render(number))\"")
        }
        let body = items.dropFirst()
        guard let leadItem = body.first, leadItem.opens(with: vocabulary.chapter.lead) else {
            fail(
                body.first?.line ?? heading.line,
                "expected chapter \(number)'s lead paragraph starting with \"\(vocabulary.chapter.lead)\" after its "
                    + "heading"
            )
            return nil
        }
        let content = body.dropFirst()
        let checkpoints = content.indices.filter { content[$0].isLine(vocabulary.chapter.checkpoint) }
        guard let checkpoint = checkpoints.first else {
            fail(
                heading.line,
                "chapter \(number) has no checkpoint; expected a \"\(vocabulary.chapter.checkpoint)\" heading "
                    + "followed by numbered questions"
            )
            return nil
        }
        for extra in checkpoints.dropFirst() {
            fail(
                content[extra].line,
                "a second \"\(vocabulary.chapter.checkpoint)\" in chapter \(number) (first at line "
                    + "\(content[checkpoint].line))"
            )
        }
        let checkpointLine = content[checkpoint].line
        let found = parseQuestions(
            items[(checkpoint + 1)...], idPrefix: "ch\(number)", after: checkpointLine,
            heading: vocabulary.chapter.checkpoint
        )
        let prefix = "ch\(number)"
        var blocks = BlockBuilder.blocks(content[..<checkpoint], prefix: prefix, vocabulary: vocabulary)
        blocks += BlockBuilder.blocks(items[found.end...], prefix: prefix, start: blocks.count, vocabulary: vocabulary)
        return ChapterDraft(
            number: number, title: String(title), heading: String(heading.text), line: heading.line,
            lead: String(leadItem.text), leadLine: leadItem.line, blocks: blocks, checkpointLine: checkpointLine,
            questions: found.questions
        )
    }

    /// Gives each chapter its reference answer; reports chapters without one and answers without a chapter.
    mutating func attachAnswers(_ chapters: [ChapterDraft], _ appendix: AppendixDraft?) -> [Chapter] {
        guard let appendix else { return [] }
        var result: [Chapter] = []
        let numbers = Set(chapters.map(\.number))
        let answers = Dictionary(
            appendix.answers.map { ($0.chapter, $0.answer) }, uniquingKeysWith: { first, _ in first })
        for answer in appendix.answers where !numbers.contains(answer.chapter) {
            fail(answer.answer.line, "reference answer for chapter \(answer.chapter), which the document does not have")
        }
        for chapter in chapters {
            guard let answer = answers[chapter.number] else {
                let label = vocabulary.appendix.answerLabel.render(chapter.number)
                let section = vocabulary.sectionHeading(.answers)
                fail(
                    chapter.line,
                    "chapter \(chapter.number) has no reference answer; expected a paragraph starting with "
                        + "\"\(label)\" under \"\(section)\""
                )
                continue
            }
            result.append(
                Chapter(
                    number: chapter.number, title: chapter.title, heading: chapter.heading, line: chapter.line,
                    lead: chapter.lead, leadLine: chapter.leadLine, blocks: chapter.blocks,
                    checkpointLine: chapter.checkpointLine, questions: chapter.questions, answer: answer
                )
            )
        }
        return result
    }
}
