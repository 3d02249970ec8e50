/// The appendix or the best-practice case study: a titled run of blocks (the appendix's sub-sections flattened
/// into heading blocks), with questions for the case study.
public struct SectionContent: Sendable {
    public var title: String
    public var lead: String?
    public var blocks: [BlockContent]
    public var questions: [QuestionContent]

    public init(
        title: String,
        lead: String? = nil,
        blocks: [BlockContent],
        questions: [QuestionContent] = []
    ) {
        self.title = title
        self.lead = lead
        self.blocks = blocks
        self.questions = questions
    }
}
