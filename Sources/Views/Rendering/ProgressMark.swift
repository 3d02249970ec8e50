/// What a section's progress mark shows; `nil` from `init(_:)` means no mark (not started).
enum ProgressMark: Hashable, Sendable {
    case passed
    case partial(passed: Int, total: Int)
    case read

    init?(_ progress: SectionProgress?) {
        guard let progress, progress.read || progress.questionsPassed > 0 else { return nil }
        if progress.isPassed {
            self = .passed
        } else if progress.questionsPassed > 0 {
            self = .partial(passed: progress.questionsPassed, total: progress.questionsTotal)
        } else {
            self = .read
        }
    }

    /// The marks pages pre-render: every count a checkpoint of up to six questions can show.
    static let common: [ProgressMark] =
        [.passed, .read]
        + (2...6).flatMap { total in (1..<total).map { ProgressMark.partial(passed: $0, total: total) } }
}
