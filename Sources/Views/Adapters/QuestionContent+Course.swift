import Course
import Grading

// QuestionContent made from the course model's values, so App passes them as they are.

extension QuestionContent {
    /// A question with its kind and options in `language` from `answerKeys`; an open question without them.
    public init(_ question: Question, language: String, answerKeys: AnswerKeyBook?) {
        let kind = answerKeys?.kind(of: question.id).flatMap { Kind(rawValue: $0.rawValue) } ?? .open
        let options = answerKeys?.options(of: question.id, in: language) ?? []
        self.init(
            id: question.id, number: question.number, prompt: question.prompt, kind: kind,
            options: options.map { AnswerOption(value: $0.id, label: $0.label) }
        )
    }
}
