import Foundation
import Testing

@testable import Course

@Suite struct CourseLibraryTests {
    let library = ContentFixture.library

    @Test func languagesComeInTheirVocabularyOrderWithTheirOwnNames() {
        #expect(library.languages.map(\.code) == ContentFixture.codes)
        #expect(library.languages.map(\.name) == ["Italiano", "Español", "Türkçe", "繁體中文", "日本語"])
        #expect(library.languages.map(\.tag) == ["it", "es", "tr", "zh-Hant", "ja"])
        #expect(library["zh-Hant"]?.language.document == "zh-Hant.txt")
        #expect(library.course("en") == nil)
    }

    @Test(arguments: ContentFixture.codes)
    func titleIsTheFirstLine(code: String) throws {
        let course = try #require(library[code])
        #expect(course.title == ContentFixture.lines(code)[0])
        #expect(course.introduction.count == 2)
        #expect(course.readingGuide.line == 7)
    }

    @Test(arguments: ContentFixture.codes)
    func twelveChaptersNumberedFromZeroWhoseTitlesEqualTheirHeadingLines(code: String) throws {
        let course = try #require(library[code])
        let lines = ContentFixture.lines(code)
        #expect(course.chapters.map(\.number) == Array(0...11))
        for chapter in course.chapters {
            #expect(chapter.heading == lines[chapter.line - 1])
            #expect(chapter.heading.hasSuffix(" · " + chapter.title))
            #expect(!chapter.title.isEmpty && !chapter.title.contains(" · "))
            #expect(course.chapter(chapter.number) == chapter)
        }
    }

    @Test(arguments: ContentFixture.codes)
    func fortyOneQuestionsWithStableIds(code: String) throws {
        let course = try #require(library[code])
        var expected: [String] = []
        for number in 0...11 {
            expected += (1...(number == 5 ? 4 : 3)).map { "ch\(number)-q\($0)" }
        }
        expected += (1...4).map { "practice-q\($0)" }
        #expect(course.questions.map(\.id) == expected)
        let lines = ContentFixture.lines(code)
        for question in course.questions {
            #expect(lines[question.line - 1] == "\(question.number). \(question.prompt)")
        }
    }

    @Test(arguments: ContentFixture.codes)
    func eachChapterHasItsOwnReferenceAnswer(code: String) throws {
        let course = try #require(library[code])
        let label = try vocabulary(code).appendix.answerLabel
        let lines = ContentFixture.lines(code)
        for chapter in course.chapters {
            #expect(chapter.answer.label == label.render(chapter.number).trimmingCharacters(in: .whitespaces))
            #expect(lines[chapter.answer.line - 1].hasPrefix(chapter.answer.label))
            #expect(lines[chapter.answer.line - 1].hasSuffix(chapter.answer.text))
            #expect(chapter.answer.line > course.appendix.line && chapter.answer.line < course.practice.line)
        }
        #expect(course.appendix.answers == course.chapters.map(\.answer))
        #expect(course.question(id: "ch7-q1")?.answer == course.chapter(7)?.answer)
        #expect(course.question(id: "practice-q4")?.answer.line == lines.count)
    }

    @Test(arguments: ContentFixture.codes)
    func chapterSevenAnswerSaysDivisionIsInactive(code: String) throws {
        // Chapter 7's answer talks about `division`; chapter 8's about ZStack and overlay: not shifted by one.
        let course = try #require(library[code])
        #expect(course.chapter(7)?.answer.text.contains("division") == true)
        #expect(course.chapter(8)?.answer.text.contains("ZStack") == true)
        #expect(course.chapter(0)?.answer.text.contains("regular") == true)
    }

    @Test(arguments: ContentFixture.codes)
    func theCaseStudyEndsWithItsAnswersOnTheLastLine(code: String) throws {
        let course = try #require(library[code])
        let lines = ContentFixture.lines(code)
        #expect(course.practice.questions.count == 4)
        #expect(course.practice.answer.line == lines.count)
        #expect(lines.last?.hasSuffix(course.practice.answer.text) == true)
        #expect(course.practice.blocks.filter { $0.kind == .code }.count == 2)
    }

    @Test(arguments: ContentFixture.codes)
    func theAppendixHasEverySectionInDocumentOrder(code: String) throws {
        let course = try #require(library[code])
        #expect(course.appendix.sections.map(\.role) == AppendixSection.Role.allCases)
        #expect(course.appendix.section(.redFlags)?.blocks.filter { $0.kind == .bullet }.count == 14)
        #expect(course.appendix.section(.officialEntries)?.blocks.count == 8)
        #expect(course.appendix.section(.answers)?.blocks.count == 12)
    }

    @Test(arguments: ContentFixture.codes)
    func notesAndSourcesAreRecognisedByTheirOpeners(code: String) throws {
        let course = try #require(library[code])
        let notes = course.chapters.flatMap(\.blocks).filter { $0.kind == .note }
        let sources = course.chapters.flatMap(\.blocks).filter { $0.kind == .source }
        #expect(notes.count == 11)  // chapter 11 closes with "that's all" instead
        #expect(sources.count == 8)
        for chapter in course.chapters {
            let trailing = chapter.blocks.filter { $0.line > chapter.checkpointLine }
            #expect(!trailing.isEmpty, "chapter \(chapter.number) keeps its blocks after the checkpoint")
        }
    }

    @Test func anchorsAreTheSameInEveryLanguage() throws {
        func anchors(_ course: LanguageCourse) -> [String] {
            course.introduction.map(\.anchor) + course.chapters.flatMap { $0.blocks.map(\.anchor) }
                + course.appendix.sections.flatMap { [$0.anchor] + $0.blocks.map(\.anchor) }
                + course.practice.blocks.map(\.anchor)
        }
        let reference = anchors(try #require(library["it"]))
        #expect(Set(reference).count == reference.count, "anchors are unique")
        #expect(reference.contains("ch3-b0"))
        for course in library.courses {
            #expect(anchors(course) == reference)
        }
    }

    @Test func modelEncodesToJSONWithTheBlockTypeKey() throws {
        let block = try #require(library["it"]?.chapter(0)?.blocks.first { $0.kind == .bullet })
        let json = String(decoding: try JSONEncoder().encode(block), as: UTF8.self)
        #expect(json.contains("\"type\":\"bullet\""))
        #expect(try JSONDecoder().decode(Block.self, from: Data(json.utf8)) == block)
    }

    private func vocabulary(_ code: String) throws -> Vocabulary {
        try Vocabulary.decode(ContentFixture.files["languages/\(code).json"] ?? [], file: code)
    }
}
