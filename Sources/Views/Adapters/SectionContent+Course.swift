import Course
import Grading

// SectionContent made from the course model's values, so App passes them as they are.

extension SectionContent {
    /// The appendix with its sub-sections flattened into heading blocks (anchored by the sub-section's anchor);
    /// the reference answer paragraphs of `chapters` are marked with their chapter, so pages hide them until earned.
    public init(_ appendix: Appendix, chapters: [Chapter] = []) {
        let answerLines = Dictionary(
            chapters.map { ($0.answer.line, $0.number) }, uniquingKeysWith: { first, _ in first })
        var blocks = appendix.blocks.map(BlockContent.init)
        for section in appendix.sections {
            blocks.append(BlockContent(kind: .heading, anchor: section.anchor, text: section.title))
            for block in section.blocks {
                var content = BlockContent(block)
                if section.role == .answers, block.kind == .paragraph {
                    content.answerChapter = answerLines[block.line]
                }
                blocks.append(content)
            }
        }
        self.init(title: appendix.heading, blocks: blocks)
    }

    public init(_ practice: Practice, language: String, answerKeys: AnswerKeyBook?) {
        self.init(
            title: practice.heading, lead: practice.lead, blocks: practice.blocks.map(BlockContent.init),
            questions: practice.questions.map { QuestionContent($0, language: language, answerKeys: answerKeys) }
        )
    }
}
