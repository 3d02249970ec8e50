import Testing

@testable import Grading

/// The grader's fast paths give what the generic code they replace gives: feedback placeholders filled by a
/// byte search, a question's chapter cut bytewise, language detection's precomputed pools and sample.
@Suite struct FastPathTests {
    /// What `Feedback.sentence` gave before its byte search: the generic split and join.
    private static func reference(_ template: String, answer: String, missing: String) -> String {
        template.split(separator: "{answer}", omittingEmptySubsequences: false).joined(separator: answer)
            .split(separator: "{missing}", omittingEmptySubsequences: false).joined(separator: missing)
    }

    static let templates = [
        "Giusto.",
        "La risposta è {answer}.",
        "{answer}",
        "{answer}{missing}",
        "Manca: {missing}. Rileggi {answer} e {answer}.",
        "「{answer}」が正解です。{missing}",
        "{missing} {answer}",
        "{answer}\u{301} con un accento combinato dopo il segnaposto",
        "e\u{301}{answer} prima, {missing}\u{200D} dopo",
        "{answer {missing}} {{answer}}",
        "",
    ]

    @Test(arguments: templates)
    func feedbackPlaceholdersAreFilledAsTheGenericSplitFillsThem(template: String) {
        let feedback = Feedback(templates: [.correct: template])
        for (answer, missing) in [
            ("in alto e in basso", "il perché"), ("", ""), ("{missing}", "{answer}"), ("ü", "́x"),
        ] {
            #expect(
                feedback.sentence(.correct, answer: answer, missing: missing)
                    == Self.reference(template, answer: answer, missing: missing),
                "\(template) with \(answer), \(missing)")
        }
    }

    @Test func aMissingTemplateGivesAnEmptySentence() {
        #expect(Feedback(templates: [:]).sentence(.partial, answer: "a", missing: "b") == "")
    }

    @Test(arguments: [
        ("ch3-q2", "ch3"), ("practice-q1", "practice"), ("ch10-q12", "ch10"), ("-ch1-q1", "ch1"), ("ch1", "ch1"),
        ("---", "---"), ("", ""), ("çh1-q1", "çh1"), ("ch1-\u{301}q1", "ch1-\u{301}q1"),
    ])
    func theChapterOfAnIdIsItsFirstDashedPart(id: String, chapter: String) {
        #expect(OffTopic.chapter(of: id) == Substring(chapter))
        #expect(OffTopic.chapter(of: id) == (id.split(separator: "-").first ?? Substring(id)))
    }

    /// Every language is detected on every page for a sample of each script, long (past the sample length) and
    /// short; the pools computed once give the same candidates as filtering the languages at each call.
    @Test func detectionWithPrecomputedPoolsListsEveryLanguageOfTheScript() throws {
        let book = try TestContent.book()
        let detector = LanguageDetector(packs: book.packs, order: book.languages)
        let texts = [
            "in alto e in basso", "arriba y abajo", "üstte ve altta", "上下", "上と下にある",
            String(repeating: "la barra è in alto ", count: 60), "12", "",
        ]
        for page in book.languages {
            for text in texts {
                let candidates = detector.candidates(for: text, page: page)
                #expect(candidates.first != nil)
                #expect(Set(candidates).count == candidates.count, "\(page): \(text)")
                #expect(candidates.allSatisfy { book.packs[$0] != nil })
            }
        }
        #expect(detector.candidates(for: "in alto e in basso", page: "it").first == "it")
        #expect(detector.candidates(for: "上と下にある", page: "it").first == "ja")
    }
}
