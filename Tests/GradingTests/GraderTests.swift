import Course
import Testing

@testable import Grading

/// What the grader returns, beyond single negations: options, kinds, languages, errors.
@Suite struct GraderTests {
    static let bothOptions: [(language: String, question: String, answer: String)] = [
        ("it", "ch0-q1", "In alto e in basso, oppure di lato"),
        ("es", "ch6-q1", "horizontal o vertical"),
        ("tr", "ch0-q1", "üstte ve altta ya da yanda"),
        ("zh-Hant", "ch0-q1", "上下，還是側面"),
        ("ja", "ch8-q1", "split か overlay か"),
        ("it", "ch1-q2", "entrambi"),
        ("es", "ch0-q3", "depende"),
    ]

    @Test(arguments: bothOptions)
    func namingBothOptionsWithoutChoosingIsIncorrect(language: String, question: String, answer: String) throws {
        let grade = try TestContent.grader().grade(
            questionID: question, language: language, answer: answer, reference: "")
        #expect(grade.verdict == .incorrect)
        #expect(grade.score == 0)
    }

    static let nothingSaid: [(language: String, answer: String)] = [
        ("it", ""), ("it", "   "), ("it", "?"), ("it", "non lo so"), ("es", "ni idea"), ("tr", "bilmiyorum"),
        ("zh-Hant", "不知道"), ("ja", "わかりません"), ("it", "mi piace la pizza"), ("ja", "今日は晴れです"),
    ]

    @Test(arguments: nothingSaid)
    func emptyUnknownOrOffTopicIsIncorrect(language: String, answer: String) throws {
        let grade = try TestContent.grader().grade(
            questionID: "ch5-q2", language: language, answer: answer, reference: "")
        #expect(grade.verdict == .incorrect)
        #expect(grade.found.isEmpty)
        #expect(!grade.feedback.isEmpty)
    }

    @Test func dontKnowAndEmptyHaveTheirOwnFeedback() throws {
        let grader = try TestContent.grader()
        let empty = try grader.grade(questionID: "ch0-q1", language: "it", answer: "", reference: "")
        let unknown = try grader.grade(questionID: "ch0-q1", language: "it", answer: "boh", reference: "")
        let offTopic = try grader.grade(questionID: "ch0-q1", language: "it", answer: "la pizza", reference: "")
        #expect(Set([empty.feedback, unknown.feedback, offTopic.feedback]).count == 3)
    }

    @Test func chosenOptionsAreGradedByIdLabelOrWords() throws {
        let grader = try TestContent.grader()
        for choice in ["topBottom", "in alto e in basso", "In alto e in basso"] {
            let grade = try grader.grade(
                questionID: "ch0-q1", language: "it", answer: nil, choice: choice, reference: "")
            #expect(grade.verdict == .correct, "\(choice)")
        }
        let wrong = try grader.grade(
            questionID: "ch0-q1", language: "it", answer: nil, choice: "di lato", reference: "")
        #expect(wrong.verdict == .incorrect)
        let yes = try grader.grade(questionID: "ch0-q3", language: "ja", answer: nil, choice: "いいえ", reference: "")
        #expect(yes.verdict == .correct)
        let conflicting = try grader.grade(
            questionID: "ch0-q1", language: "it", answer: "di lato", choice: "topBottom", reference: "")
        #expect(conflicting.verdict == .incorrect)
    }

    @Test func errorsNameWhatIsUnknown() throws {
        let grader = try TestContent.grader()
        #expect(throws: GradingError.self) {
            try grader.grade(questionID: "ch99-q1", language: "it", answer: "x", reference: "")
        }
        do {
            _ = try grader.grade(questionID: "ch0-q1", language: "fr", answer: "x", reference: "")
            Issue.record("unknown language accepted")
        } catch {
            #expect(error.code == .unknownLanguage)
        }
        do {
            _ = try grader.grade(questionID: "ch0-q1", language: "it", answer: nil, choice: "forse", reference: "")
            Issue.record("unknown choice accepted")
        } catch {
            #expect(error.code == .unknownChoice && error.question == "ch0-q1")
        }
        do {
            _ = try grader.grade(questionID: "ch5-q2", language: "it", answer: nil, choice: "detail", reference: "")
            Issue.record("choice on an open question accepted")
        } catch {
            #expect(error.code == .unknownChoice)
        }
    }

    static let crossLanguage: [(page: String, answer: String, graded: String)] = [
        ("it", "No, sigue siendo una app de iPhone", "es"),
        ("es", "Hayır, hâlâ bir iPhone uygulaması", "tr"),
        ("tr", "不會，還是 iPhone 應用程式", "zh-Hant"),
        ("zh-Hant", "ならない。iPhone アプリのまま", "ja"),
        ("ja", "No, è ancora un'app per iPhone", "it"),
    ]

    @Test(arguments: crossLanguage)
    func anAnswerInAnotherCourseLanguageIsGradedWithThatKey(page: String, answer: String, graded: String) throws {
        let book = try TestContent.book()
        let grade = try TestContent.grader().grade(questionID: "ch0-q3", language: page, answer: answer, reference: "R")
        #expect(grade.verdict == .correct)
        #expect(grade.gradedLanguage == graded)
        let pageLabels = try #require(book.packs[page]?.questions["ch0-q3"]).conceptLabels
        #expect(grade.found.contains(pageLabels[0]), "labels come in the page's language")
        #expect(
            grade.reference == book.reference(questionID: "ch0-q3", language: page), "reference in the page's language")
    }

    @Test func codeWordsAloneStayInThePageLanguage() throws {
        let grade = try TestContent.grader().grade(
            questionID: "ch8-q1", language: "zh-Hant", answer: "overlay", reference: "")
        #expect(grade.verdict == .correct)
        #expect(grade.gradedLanguage == "zh-Hant")
    }

    @Test func simplifiedChineseIsAcceptedOnTheTraditionalPage() throws {
        let grader = try TestContent.grader()
        let answers = ["不会，还是 iPhone 应用程序", "被导航包住", "渐变背景"]
        let questions = ["ch0-q3", "ch8-q2", "ch1-q2"]
        for (question, answer) in zip(questions, answers) {
            let grade = try grader.grade(questionID: question, language: "zh-Hant", answer: answer, reference: "")
            #expect(grade.verdict == .correct, "\(answer)")
            #expect(grade.gradedLanguage == "zh-Hant")
        }
    }

    @Test func missingAccentsAndTurkishLettersAreAccepted() throws {
        let grader = try TestContent.grader()
        let cases = [
            ("it", "ch3-q1", "si, perche lo schermo interno e regular"), ("es", "ch2-q1", "si, aparecen"),
            ("tr", "ch0-q1", "ustte ve altta"), ("tr", "ch5-q1", "HAYIR, GIRMEZ"),
        ]
        for (language, question, answer) in cases {
            let grade = try grader.grade(questionID: question, language: language, answer: answer, reference: "")
            #expect(grade.verdict == .correct, "\(answer)")
        }
    }

    @Test func twoPartQuestionsGivePartialCredit() throws {
        let grader = try TestContent.grader()
        let part = try grader.grade(questionID: "ch7-q1", language: "it", answer: "Non è più attiva", reference: "")
        #expect(part.verdict == .partial)
        #expect(part.score > 0 && part.score < 1)
        #expect(part.found.count == 1 && part.missing.count == 1)
        let full = try grader.grade(
            questionID: "ch7-q1", language: "it", answer: "Non è attiva e la larghezza è 0", reference: "")
        #expect(full.verdict == .correct && full.score == 1 && full.missing.isEmpty)
        let wrongWidth = try grader.grade(
            questionID: "ch7-q1", language: "it", answer: "Non è attiva, larghezza 5", reference: "")
        #expect(wrongWidth.verdict == .incorrect)
    }

    @Test func numberWordsCountInEveryLanguage() throws {
        let grader = try TestContent.grader()
        let cases = [
            ("it", "una sola"), ("es", "una"), ("tr", "bir tane"), ("zh-Hant", "一套"), ("ja", "一式"),
            ("it", "1"), ("ja", "１つ"),
        ]
        for (language, answer) in cases {
            let grade = try grader.grade(questionID: "ch0-q2", language: language, answer: answer, reference: "")
            #expect(grade.verdict == .correct, "\(language) \(answer)")
        }
        for (language, answer) in [("it", "due"), ("es", "seis, una por postura"), ("zh-Hant", "兩套"), ("ja", "6セット")] {
            let grade = try grader.grade(questionID: "ch0-q2", language: language, answer: answer, reference: "")
            #expect(grade.verdict == .incorrect, "\(language) \(answer)")
        }
    }

    @Test func gradingIsDeterministic() throws {
        let grader = try TestContent.grader()
        let first = try grader.grade(questionID: "ch10-q2", language: "es", answer: "no hay bisagra", reference: "r")
        for _ in 0..<5 {
            #expect(
                try grader.grade(questionID: "ch10-q2", language: "es", answer: "no hay bisagra", reference: "r")
                    == first)
        }
    }

    @Test func gradesByQuestionIdAgainstTheParsedCourse() throws {
        let library = try TestContent.library()
        let grade = try TestContent.grader().grade(
            questionID: "ch0-q1", language: "it", answer: "in alto e in basso", in: library)
        let paragraph = try #require(library.course("it")?.question(id: "ch0-q1")?.answer.text)
        #expect(grade.verdict == .correct)
        #expect(grade.reference == "Le barre di sistema dello schermo interno in verticale stanno in alto e in basso.")
        #expect(paragraph.contains(grade.reference), "the question's own sentence of the chapter's answer")
        #expect(throws: GradingError.self) {
            try TestContent.grader().grade(questionID: "ch0-q9", language: "it", answer: "x", in: library)
        }
    }

    @Test func keysMatchTheParsedCourse() throws {
        try TestContent.book().validate(against: try TestContent.library())
    }

    @Test func chapterJSONGetsKindsAndOptions() throws {
        let book = try TestContent.book()
        #expect(book.questionIDs.count == 41)
        #expect(book.kind(of: "ch0-q1") == .choice)
        #expect(book.options(of: "ch0-q1", in: "it")?.map(\.id) == ["topBottom", "sides"])
        #expect(book.options(of: "ch0-q3", in: "es")?.map(\.id) == ["yes", "no"])
        #expect(book.options(of: "ch0-q3", in: "it")?.map(\.label) == ["Sì", "No"])
        #expect(book.options(of: "ch1-q2", in: "ja")?.map(\.label) == ["グラデーションの背景", "「支払う」ボタン"])
        #expect(book.options(of: "ch5-q2", in: "ja") == [])
        #expect(book.options(of: "ch0-q1", in: "fr") == nil)
    }
}
