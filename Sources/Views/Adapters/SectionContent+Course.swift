import Course
import Grading

// SectionContent made from the course model's values, so App passes them as they are.

extension SectionContent {
    /// The appendix with its sub-sections flattened into heading blocks (anchored by the sub-section's anchor).
    public init(_ appendix: Appendix) {
        var blocks = appendix.blocks.map(BlockContent.init)
        for section in appendix.sections {
            blocks.append(BlockContent(kind: .heading, anchor: section.anchor, text: section.title))
            blocks += section.blocks.map(BlockContent.init)
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
