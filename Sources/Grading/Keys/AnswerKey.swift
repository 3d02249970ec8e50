/// The language-neutral key of one question: its kind, options, expected answer and rubric weights.
///
/// A class: every answer is assessed against many keys (its own and, for off-topic answers, the others), and a
/// shared reference spares copying each key's arrays at every look-up.
final class AnswerKey: Sendable {
    struct Concept: Sendable {
        let id: String
        let weight: Double
        let required: Bool
        /// Index into `options` of the option this concept implies.
        let implies: Int?
        let number: Double?
        /// Part ids: a concept with parts is stated only when every part is (or by a phrase of the whole concept).
        var parts: [String] = []
    }

    let id: String
    let kind: QuestionKind
    /// Option ids: the question's options for `choice`, `yes`/`no` for `boolean`, none otherwise.
    let options: [String]
    let correctOption: Int?
    let expectedNumber: Double?
    let echoNumbers: [Double]
    /// Weight of the option, polarity or number part (0 for open questions).
    let answerWeight: Double
    let concepts: [Concept]
    let pass: Double
    /// The prompt asks for an explanation: a bare keyword or a list of them is at most partial.
    let explains: Bool

    init(
        id: String, kind: QuestionKind, options: [String], correctOption: Int?, expectedNumber: Double?,
        echoNumbers: [Double], answerWeight: Double, concepts: [Concept], pass: Double, explains: Bool = false
    ) {
        self.id = id
        self.kind = kind
        self.options = options
        self.correctOption = correctOption
        self.expectedNumber = expectedNumber
        self.echoNumbers = echoNumbers
        self.answerWeight = answerWeight
        self.concepts = concepts
        self.pass = pass
        self.explains = explains
    }

    var totalWeight: Double { answerWeight + concepts.reduce(0) { $0 + $1.weight } }
    var hasAnswerPart: Bool { kind != .open }

    /// Numbers this question's rubric expects; any other number the learner states is a wrong number.
    var expectedNumbers: [Double] {
        (expectedNumber.map { [$0] } ?? []) + concepts.compactMap(\.number)
    }
}
