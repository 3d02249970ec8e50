/// How a checkpoint question is answered, as the chapter JSON shows it.
///
/// Every kind accepts free text; `choice` and `boolean` also accept a chosen option.
public enum QuestionKind: String, Sendable, Codable, Equatable, CaseIterable {
    /// The question names its options ("top and bottom, or the sides?").
    case choice
    /// A yes/no question; its options are `yes` and `no`.
    case boolean
    /// The answer is a number.
    case number
    /// Free text graded against a rubric of concepts.
    case open
}
