/// The outcome of grading one answer.
public enum Verdict: String, Sendable, Codable, Equatable, CaseIterable {
    case correct
    case partial
    case incorrect
}
