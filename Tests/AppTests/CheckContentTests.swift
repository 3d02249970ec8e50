import Foundation
import Grading
import Testing

@testable import App

/// `folio check-content` reports key phrases that are not grounded in the course text, as warnings.
@Suite struct CheckContentTests {
    @Test func theRealContentPassesAndCountsUngroundedSynonyms() {
        let (text, passed) = SharedContent.checkContent
        #expect(passed)
        #expect(text.contains("warning: keys it: "), "\(text.suffix(600))")
        #expect(!text.contains("has no reason"))
    }

    @Test func aPhraseWithoutAReasonIsAWarningOfItsOwn() {
        let report = CheckContentCommand.groundingReport([
            UngroundedPhrase(
                language: "it", question: "ch1-q1", part: "concept stretched", phrase: "buco", reason: nil),
            UngroundedPhrase(
                language: "it", question: "ch1-q1", part: "concept stretched", phrase: "vuoto enorme", reason: "gap"),
        ])
        #expect(
            report.contains(
                "warning: it.json: ch1-q1: concept stretched \"buco\" is not in the course text and has no reason"))
        #expect(report.contains("warning: keys it: 1 synonyms are not in the course text"))
        #expect(report.contains("0 have their own reason and a tested paraphrase, 1 rely on a reason shared"))
    }

    @Test func aSynonymWithItsOwnReasonAndAParaphraseIsCountedApart() {
        let report = CheckContentCommand.groundingReport([
            UngroundedPhrase(
                language: "ja", question: "ch0-q2", part: "answer", phrase: "1セット", reason: "one set",
                hasOwnReason: true, examples: ["1セットで足りる"]),
            UngroundedPhrase(
                language: "ja", question: "ch0-q2", part: "answer", phrase: "単一", reason: "one", hasOwnReason: false),
        ])
        #expect(report.contains("warning: keys ja: 2 synonyms are not in the course text; 1 have their own reason"))
    }
}
