/// The appendix or the best-practice case study: a titled run of blocks (the appendix's sub-sections flattened
/// into heading blocks), with questions for the case study.
public struct SectionContent: Sendable {
    /// The section's heading.
    public var title: String
    /// The introductory paragraph, when the section has one.
    public var lead: String?
    /// The section's text in document order.
    public var blocks: [BlockContent]
    /// The case study's questions; empty for the appendix.
    public var questions: [QuestionContent]

    /// A section from its parts (the course adapters, or a test's literal).
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
