/// How an answer was judged.
public enum AttemptVerdict: String, Sendable, CaseIterable {
    case correct, partial, incorrect
}
