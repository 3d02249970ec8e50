import Foundation
import Testing

@testable import Grading

/// Key files are validated at load; every error names its file and question.
@Suite struct AnswerKeyBookTests {
    typealias JSON = [String: Any]

    static func neutral() -> JSON {
        [
            "questions": [
                "ch0-q1": ["kind": "choice", "options": ["a", "b"], "correct": "a"],
                "ch0-q2": ["kind": "open", "concepts": [["id": "c", "weight": 1, "required": true]]],
            ]
        ]
    }

    static func language(_ code: String = "xx") -> JSON {
        let feedback = Dictionary(uniqueKeysWithValues: Feedback.Reason.allCases.map { ($0.rawValue, "\($0)") })
        return [
            "language": code, "name": "X",
            "text": [
                "script": "latin", "segmentation": "words", "caseFolding": "standard", "foldDiacritics": true,
                "listSeparator": "; ",
            ],
            "lexicon": [
                "yes": ["ja"], "no": ["nein"], "yesLabel": "ja", "noLabel": "nein", "negationBefore": ["nicht"],
                "negationAfter": [], "clauseBreaks": ["aber"], "disjunctions": ["oder"], "bothOptions": ["beide"],
                "sequence": ["dann"], "dontKnow": ["weiss nicht"], "functionWords": ["der"], "numbers": ["eins": 1],
            ],
            "feedback": feedback,
            "questions": [
                "ch0-q1": [
                    "options": [
                        "a": ["label": "Alpha", "phrases": ["alpha"]],
                        "b": [
                            "label": "Beta", "phrases": ["beta"], "synonyms": [["reason": "r", "phrases": ["bee"]]],
                        ],
                    ]
                ],
                "ch0-q2": ["concepts": ["c": ["label": "Gamma", "phrases": ["gamma"]]]],
            ],
        ]
    }

    static func data(_ json: JSON) throws -> Data {
        try JSONSerialization.data(withJSONObject: json)
    }

    static func load(neutral: JSON = neutral(), language: JSON = language(), code: String = "xx") throws(GradingError)
        -> AnswerKeyBook
    {
        let neutralData: Data
        let languageData: Data
        do {
            neutralData = try data(neutral)
            languageData = try data(language)
        } catch {
            throw GradingError(.invalidKey, "test fixture")
        }
        return try AnswerKeyBook.make(neutral: neutralData, languages: [(code, languageData)])
    }

    @Test func theReferenceIsTheQuestionsOwnSentenceElseTheCallersText() throws {
        var language = Self.language()
        var questions = try #require(language["questions"] as? JSON)
        var first = try #require(questions["ch0-q1"] as? JSON)
        first["reference"] = ["Alpha.", "Not beta."]
        questions["ch0-q1"] = first
        language["questions"] = questions
        let book = try Self.load(language: language)
        #expect(book.reference(questionID: "ch0-q1", language: "xx") == "Alpha. Not beta.")
        #expect(book.reference(questionID: "ch0-q2", language: "xx") == nil)
        let grader = Grader(book: book)
        #expect(try grader.grade(questionID: "ch0-q1", language: "xx", answer: "alpha").reference == "Alpha. Not beta.")
        #expect(
            try grader.grade(questionID: "ch0-q2", language: "xx", answer: "gamma", reference: "P").reference == "P")
    }

    @Test func aReferenceSentenceNotInTheAppendixAnswerIsNamed() throws {
        let neutral = try Data(contentsOf: TestContent.keysDirectory.appendingPathComponent("keys.json"))
        let italian = try Data(contentsOf: TestContent.keysDirectory.appendingPathComponent("it.json"))
        var json = try #require(try JSONSerialization.jsonObject(with: italian) as? JSON)
        var questions = try #require(json["questions"] as? JSON)
        var first = try #require(questions["ch0-q1"] as? JSON)
        first["reference"] = ["Le barre stanno di lato."]
        questions["ch0-q1"] = first
        json["questions"] = questions
        var languages: [(code: String, data: Data)] = []
        for code in TestContent.languages {
            let data = try Data(contentsOf: TestContent.keysDirectory.appendingPathComponent("\(code).json"))
            languages.append((code, code == "it" ? try Self.data(json) : data))
        }
        let han = try Data(contentsOf: TestContent.keysDirectory.appendingPathComponent("hans-hant.txt"))
        let book = try AnswerKeyBook.make(neutral: neutral, languages: languages, hanTable: han)
        let library = try TestContent.library()
        #expect {
            try book.validate(against: library)
        } throws: { error in
            guard let error = error as? GradingError else { return false }
            return error.file == "it.json" && error.question == "ch0-q1"
                && error.message.contains("Le barre stanno di lato.")
        }
    }

    @Test func aValidSmallBookLoadsAndGrades() throws {
        let book = try Self.load()
        #expect(book.languages == ["xx"])
        #expect(book.questionIDs == ["ch0-q1", "ch0-q2"])
        let grader = Grader(book: book)
        #expect(
            try grader.grade(questionID: "ch0-q1", language: "xx", answer: "alpha", reference: "").verdict == .correct)
        #expect(
            try grader.grade(questionID: "ch0-q1", language: "xx", answer: "nicht alpha", reference: "").verdict
                == .incorrect)
        #expect(
            try grader.grade(questionID: "ch0-q1", language: "xx", answer: "bee", reference: "").verdict == .incorrect)
        #expect(
            try grader.grade(questionID: "ch0-q2", language: "xx", answer: "gamma", reference: "").verdict == .correct)
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        let name: String
        let file: String
        let question: String?
        let mutate: @Sendable (inout JSON, inout JSON) -> Void
        var testDescription: String { name }
    }

    static let broken: [Broken] = [
        Broken(name: "unknown question id in a language", file: "xx.json", question: "ch9-q9") { _, language in
            var questions = language["questions"] as? JSON ?? [:]
            questions["ch9-q9"] = ["concepts": [:] as JSON]
            language["questions"] = questions
        },
        Broken(name: "question missing from a language", file: "xx.json", question: "ch0-q2") { _, language in
            var questions = language["questions"] as? JSON ?? [:]
            questions["ch0-q2"] = nil
            language["questions"] = questions
        },
        Broken(name: "zero weight", file: "keys.json", question: "ch0-q2") { neutral, _ in
            neutral["questions"] = [
                "ch0-q1": ["kind": "choice", "options": ["a", "b"], "correct": "a"],
                "ch0-q2": ["kind": "open", "concepts": [["id": "c", "weight": 0]]],
            ]
        },
        Broken(name: "correct option not among the options", file: "keys.json", question: "ch0-q1") { neutral, _ in
            var questions = neutral["questions"] as? JSON ?? [:]
            questions["ch0-q1"] = ["kind": "choice", "options": ["a", "b"], "correct": "z"]
            neutral["questions"] = questions
        },
        Broken(name: "malformed question id", file: "keys.json", question: "q1") { neutral, _ in
            var questions = neutral["questions"] as? JSON ?? [:]
            questions["q1"] = questions["ch0-q1"]
            questions["ch0-q1"] = nil
            neutral["questions"] = questions
        },
        Broken(name: "synonyms without a reason", file: "xx.json", question: "ch0-q2") { _, language in
            var questions = language["questions"] as? JSON ?? [:]
            questions["ch0-q2"] = [
                "concepts": ["c": ["label": "G", "phrases": ["g"], "synonyms": [["reason": " ", "phrases": ["x"]]]]]
            ]
            language["questions"] = questions
        },
        Broken(name: "option without phrases", file: "xx.json", question: "ch0-q1") { _, language in
            var questions = language["questions"] as? JSON ?? [:]
            questions["ch0-q1"] = ["options": ["a": ["label": "A", "phrases": ["alpha"]], "b": ["label": "B"]]]
            language["questions"] = questions
        },
        Broken(name: "missing feedback sentence", file: "xx.json", question: nil) { _, language in
            var feedback = language["feedback"] as? JSON ?? [:]
            feedback["offTopic"] = nil
            language["feedback"] = feedback
        },
        Broken(name: "language field differs from the file name", file: "xx.json", question: nil) { _, language in
            language["language"] = "yy"
        },
        Broken(name: "phrase with nothing to match", file: "xx.json", question: "ch0-q2") { _, language in
            var questions = language["questions"] as? JSON ?? [:]
            questions["ch0-q2"] = ["concepts": ["c": ["label": "G", "phrases": ["?!"]]]]
            language["questions"] = questions
        },
    ]

    @Test(arguments: broken)
    func brokenKeysAreRejectedWithFileAndQuestion(_ broken: Broken) throws {
        var neutral = Self.neutral()
        var language = Self.language()
        broken.mutate(&neutral, &language)
        do {
            _ = try Self.load(neutral: neutral, language: language)
            Issue.record("loaded a broken key: \(broken.name)")
        } catch {
            #expect(error.code == .invalidKey)
            #expect(error.file == broken.file)
            #expect(error.question == broken.question)
            #expect(!error.message.isEmpty)
        }
    }

    @Test func invalidJSONNamesTheFile() {
        do {
            _ = try AnswerKeyBook.make(neutral: Data("{".utf8), languages: [("xx", Data())])
            Issue.record("loaded invalid JSON")
        } catch {
            #expect(error.code == .invalidKey && error.file == "keys.json")
        }
    }

    @Test func noLanguageFilesIsAnError() throws {
        let neutral = try Self.data(Self.neutral())
        do {
            _ = try AnswerKeyBook.make(neutral: neutral, languages: [])
            Issue.record("loaded without languages")
        } catch {
            #expect(error.file == "keys.json")
        }
    }

    @Test func aFolderWithoutKeysJSONIsUnreadable() {
        do {
            _ = try AnswerKeyBook.make(files: ["it.json": Data("{}".utf8)])
            Issue.record("loaded without keys.json")
        } catch {
            #expect(error.code == .unreadableFile && error.file == "keys.json")
        }
    }

    @Test func theRealKeysLoad() throws {
        let book = try TestContent.book()
        #expect(book.languages == TestContent.languages.sorted())
    }
}
