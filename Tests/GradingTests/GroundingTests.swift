import Course
import Testing

@testable import Grading

/// The keys cannot drift from the course: every phrase a key accepts as a correct answer or concept occurs,
/// after normalisation, in that language's reference answer paragraph or question text. Other accepted
/// wordings live in `synonyms`, each with a reason (checked at load).
@Suite struct GroundingTests {
    @Test(arguments: TestContent.languages)
    func everyGroundedPhraseOccursInTheReferenceOrTheQuestion(language: String) throws {
        let book = try TestContent.book()
        let course = try #require(try TestContent.library().course(language))
        let pack = try #require(book.packs[language])
        var drifted: [String] = []
        for id in book.questionIDs {
            let (question, answer) = try #require(course.question(id: id), "no question \(id) in \(language)")
            let words = try #require(pack.questions[id])
            let sources = [question.prompt, answer.text].map { text in
                let tokens = pack.normalizer.tokens(text)
                return (tokens, tokens.map(\.punctuationClause))
            }
            for grounded in words.grounded {
                let occurs = sources.contains { tokens, clauses in
                    tokens.indices.contains { grounded.pattern.match(in: tokens, clauses: clauses, at: $0) != nil }
                }
                if !occurs { drifted.append("\(id) \(grounded.part): \"\(grounded.pattern.source)\"") }
            }
        }
        #expect(drifted.isEmpty, "phrases found in neither reference nor question:\n\(drifted.joined(separator: "\n"))")
    }

    @Test func keysCoverExactlyTheCourseLanguagesAndQuestions() throws {
        let book = try TestContent.book()
        let library = try TestContent.library()
        #expect(Set(book.languages) == Set(library.languages.map(\.code)))
        for course in library.courses {
            #expect(course.questions.map(\.id) == book.questionIDs, "\(course.language.code)")
        }
    }

    /// Languages whose fixture-only phrases were each pruned or given their own reason and a paraphrase.
    static let justifiedLanguages: Set<String> = ["ja", "tr"]

    /// Credit-earning phrases found nowhere in their question's course text but word for word in a fixture
    /// answer: keys tuned to the fixtures' wording. Printed per language for the report; none may be a bare
    /// `phrases` entry (each has its synonym group's reason), and in `justifiedLanguages` each has its own
    /// reason and a learner paraphrase that is not a fixture (`isJustified`).
    @Test(arguments: TestContent.languages)
    func fixtureOnlyPhrasesAreCountedAndReasoned(language: String) throws {
        let book = try TestContent.book()
        let pack = try #require(book.packs[language])
        let ungrounded = book.ungroundedPhrases(against: try TestContent.library()).filter { $0.language == language }
        #expect(ungrounded.allSatisfy { $0.reason != nil })
        var fixtureOnly: [String] = []
        let answers = LearnerAnswer.all.filter { $0.language == language }
        for phrase in ungrounded {
            guard let words = pack.questions[phrase.question],
                let pattern = words.phrases.first(where: { $0.pattern.source == phrase.phrase })?.pattern
            else { continue }
            let inFixtures = answers.contains { entry in
                guard entry.question == phrase.question else { return false }
                let tokens = pack.normalizer.tokens(entry.answer ?? "")
                let clauses = tokens.map(\.punctuationClause)
                return tokens.indices.contains { pattern.match(in: tokens, clauses: clauses, at: $0) != nil }
            }
            if inFixtures, !phrase.isJustified { fixtureOnly.append("\(phrase.question) \(phrase.phrase)") }
        }
        print("fixture-only phrases \(language): \(fixtureOnly.count) of \(ungrounded.count) ungrounded synonyms")
        if Self.justifiedLanguages.contains(language) {
            #expect(fixtureOnly.isEmpty, "fixture-only phrases without their own reason and paraphrase: \(fixtureOnly)")
        }
    }

    /// A synonym group's `examples` are learner paraphrases: each of the group's phrases matches one of them, and
    /// none is an answer of the fixtures (a paraphrase copied from the tuning set tests nothing).
    @Test(arguments: TestContent.languages)
    func synonymExamplesAreMatchedAndNotFixtures(language: String) throws {
        let book = try TestContent.book()
        let pack = try #require(book.packs[language])
        let answers = LearnerAnswer.all.filter { $0.language == language }
        var problems: [String] = []
        for id in book.questionIDs {
            let fixtures = Set(
                answers.filter { $0.question == id }.map { pack.normalizer.tokens($0.answer ?? "").map(\.text) })
            for phrase in try #require(pack.questions[id]).phrases where !phrase.examples.isEmpty {
                let matched = phrase.examples.contains { example in
                    let tokens = pack.normalizer.tokens(example)
                    let clauses = tokens.map(\.punctuationClause)
                    return tokens.indices.contains { phrase.pattern.match(in: tokens, clauses: clauses, at: $0) != nil }
                }
                if !matched { problems.append("\(id) \(phrase.pattern.source): no example matches") }
                for example in phrase.examples where fixtures.contains(pack.normalizer.tokens(example).map(\.text)) {
                    problems.append("\(id) \(phrase.pattern.source): \"\(example)\" is a fixture answer")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
