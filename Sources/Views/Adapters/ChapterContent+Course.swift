import Course
import Grading

// ChapterContent made from the course model's values, so App passes them as they are.

extension ChapterContent {
    /// The chapter as its page renders it in `language`; `answerKeys` give choice questions their options.
    public init(_ chapter: Chapter, language: String, answerKeys: AnswerKeyBook?) {
        self.init(
            number: chapter.number, title: chapter.title, lead: chapter.lead,
            blocks: chapter.blocks.map(BlockContent.init),
            questions: chapter.questions.map { QuestionContent($0, language: language, answerKeys: answerKeys) }
        )
    }
}
