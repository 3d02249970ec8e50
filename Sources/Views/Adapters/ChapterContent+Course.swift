import Course
import Grading

// Views' input values made from the course model and the answer keys, so App passes the library as it is.

extension PageLanguage {
    public init(_ language: Language) {
        self.init(code: language.code, tag: language.tag, name: language.name)
    }
}

extension BlockContent {
    public init(_ block: Block) {
        let kind = BlockContent.Kind(rawValue: block.kind.rawValue) ?? .paragraph
        self.init(
            kind: kind, anchor: block.anchor, text: block.text, term: block.term, body: block.body,
            whenToUse: block.whenToUse, whenNotToUse: block.whenNotToUse, codeLines: block.codeLines.map { String($0) },
            number: block.number
        )
    }
}

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

extension ChapterContent {
    public init(_ chapter: Chapter, language: String, answerKeys: AnswerKeyBook?) {
        self.init(
            number: chapter.number, title: chapter.title, lead: chapter.lead,
            blocks: chapter.blocks.map(BlockContent.init),
            questions: chapter.questions.map { QuestionContent($0, language: language, answerKeys: answerKeys) }
        )
    }
}

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

extension CourseOutline {
    public init(_ course: LanguageCourse) {
        self.init(
            title: course.title,
            chapters: course.chapters.map {
                ChapterSummary(number: $0.number, title: $0.title, questionCount: $0.questions.count)
            },
            appendixTitle: course.appendix.heading,
            practiceTitle: course.practice.heading,
            practiceQuestionCount: course.practice.questions.count
        )
    }
}

extension AttemptVerdict {
    public init(_ verdict: Verdict) {
        switch verdict {
        case .correct: self = .correct
        case .partial: self = .partial
        case .incorrect: self = .incorrect
        }
    }
}

extension GradeResult {
    public init(_ grade: Grade) {
        self.init(
            verdict: AttemptVerdict(grade.verdict), score: grade.score, found: grade.found, missing: grade.missing,
            feedback: grade.feedback, reference: grade.reference
        )
    }
}
