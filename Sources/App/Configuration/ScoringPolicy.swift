import Foundation

/// When the reference answer is shown and how retries are marked: `--reveal`, `--tries-before-reveal`,
/// `--retry-penalty`.
///
/// Scores are computed from stored facts (each try's score, the reveal time) with the policy in force when
/// they are read, so changing the penalty recomputes every score consistently.
public struct ScoringPolicy: Sendable, Equatable {
    /// When a learner gets the reference answer of a question.
    public enum Reveal: String, Sendable, CaseIterable {
        /// After a correct answer, after `triesBeforeReveal` tries, or when the learner asks for it.
        case afterTries = "after-tries"
        /// With every graded try, and in the appendix to every reader (pure reading sites).
        case immediately
        /// Never: not in attempt responses, not in the appendix, and `reveal` is refused.
        case never
    }

    /// A correct try passes while its final score is at least this (or its own score, when lower).
    public static let passingScore = 0.5

    public var reveal = Reveal.afterTries
    /// Tries after which the reference is shown under `after-tries`.
    public var triesBeforeReveal = 3
    /// Subtracted from a try's score for each wrong try before it, 0…1.
    public var retryPenalty = 0.333

    public init(reveal: Reveal = .afterTries, triesBeforeReveal: Int = 3, retryPenalty: Double = 0.333) {
        self.reveal = reveal
        self.triesBeforeReveal = triesBeforeReveal
        self.retryPenalty = retryPenalty
    }

    /// Whether a learner with these facts on a question gets its reference answer.
    public func showsReference(_ tries: QuestionTries?) -> Bool {
        switch reveal {
        case .immediately: return tries.map { $0.attempts > 0 || $0.revealedAt != nil } ?? false
        case .never: return false
        case .afterTries:
            guard let tries else { return triesBeforeReveal == 0 }
            return tries.firstCorrectTry != nil || tries.attempts >= triesBeforeReveal || tries.revealedAt != nil
        }
    }

    /// Whether a chapter's answer paragraph is shown to a reader with these facts on its questions:
    /// under `after-tries`, once every question is answered correctly, exhausted or revealed.
    public func showsChapterAnswers(questionIDs: [String], tries: [String: QuestionTries]) -> Bool {
        switch reveal {
        case .immediately: return true
        case .never: return false
        case .afterTries:
            return questionIDs.allSatisfy { id in
                guard let facts = tries[id] else { return triesBeforeReveal == 0 }
                return facts.firstCorrectTry != nil || facts.attempts >= triesBeforeReveal || facts.revealedAt != nil
            }
        }
    }

    /// The final mark of a question under this policy.
    public func score(_ tries: QuestionTries) -> Double {
        tries.score(penalty: retryPenalty)
    }

    /// Passed: answered correctly before asking for the answer, with a final score of at least `passingScore`
    /// (or of the correct try's own score, when that is lower). With no penalty this is the earlier rule:
    /// a correct try passes; with the default penalty, a correct answer after one wrong try still passes,
    /// one copied after three wrong tries does not.
    public func passed(_ tries: QuestionTries) -> Bool {
        guard let correctScore = tries.firstCorrectScore, !tries.revealedBeforeCorrect else { return false }
        return tries.score(penalty: retryPenalty) + 1e-9 >= min(Self.passingScore, correctScore)
    }

    /// One line for the start-up log and the console.
    public var summary: String {
        let penalty = String(format: "%.3f", locale: Locale(identifier: "en_US_POSIX"), retryPenalty)
        switch reveal {
        case .afterTries:
            return "reveal after-tries (after \(triesBeforeReveal) tries, a correct answer or a reveal), "
                + "retry penalty \(penalty)"
        case .immediately: return "reveal immediately (with every graded try), retry penalty \(penalty)"
        case .never: return "reveal never, retry penalty \(penalty)"
        }
    }
}
