/// Why a grade is not simply correct or wrong, for clients that explain it (the attempt JSON's `reason`).
public enum GradeReason: String, Sendable, Codable, Equatable, CaseIterable {
    /// The answer speaks to another question (or to several chapters) rather than to this one.
    case offTopic = "off_topic"
    /// The answer states something the reference contradicts, or its choice and its text disagree.
    case contradiction
    /// The answer names several options or numbers without choosing one.
    case ambiguous
    /// The answer is right as far as it goes but leaves out parts the question asks for.
    case missingParts = "missing_parts"
}
