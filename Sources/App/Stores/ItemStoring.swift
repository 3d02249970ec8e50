/// The facts item analysis needs: every learner's facts per question with the language they answered in,
/// and the wrong answers given, optionally limited to one cohort.
protocol ItemStoring: Sendable {
    /// One row per learner and question with at least one try or reveal.
    func questionFacts(cohortID: Int64?) async throws(StoreError) -> [ItemFact]

    /// Wrong (partial or incorrect) answers as given, counted per question, language and text.
    func wrongAnswers(cohortID: Int64?) async throws(StoreError) -> [WrongAnswerCount]
}

/// One learner's facts on one question, in the language of their first try (else their own language).
struct ItemFact: Sendable, Equatable {
    var learnerID: Int64
    var questionID: String
    var language: String
    var tries: QuestionTries
}

/// How many times an answer text (or chosen option) was given wrongly to a question in a language.
struct WrongAnswerCount: Sendable, Equatable {
    var questionID: String
    var language: String
    var answer: String
    var count: Int
}
