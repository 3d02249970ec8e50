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

    /// Credit-earning phrases found nowhere in their question's course text but word for word in a fixture
    /// answer: keys tuned to the fixtures' wording. Printed per language for the report; none may be a bare
    /// `phrases` entry (each has its synonym group's reason).
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
            if inFixtures { fixtureOnly.append("\(phrase.question) \(phrase.phrase)") }
        }
        print("fixture-only phrases \(language): \(fixtureOnly.count) of \(ungrounded.count) ungrounded synonyms")
    }
}
