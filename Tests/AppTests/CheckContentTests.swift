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
    }
}
