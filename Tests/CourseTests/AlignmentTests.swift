import Testing

@testable import Course

/// The five documents are aligned translations: same structure, same code.
@Suite struct AlignmentTests {
    let library = ContentFixture.library

    private func allBlocks(_ course: LanguageCourse) -> [Block] {
        course.introduction + [course.readingGuide] + course.chapters.flatMap(\.blocks) + course.appendix.blocks
            + course.appendix.sections.flatMap(\.blocks) + course.practice.blocks
    }

    private func nonBlankCodeLines(_ blocks: [Block]) -> [String] {
        blocks.flatMap(\.codeLines).filter { !$0.allSatisfy(\.isWhitespace) }
    }

    @Test(arguments: ContentFixture.codes)
    func eachDocumentHas360CodeLines353InChaptersAnd7InTheCaseStudy(code: String) throws {
        let course = try #require(library[code])
        #expect(nonBlankCodeLines(course.chapters.flatMap(\.blocks)).count == 353)
        #expect(nonBlankCodeLines(course.practice.blocks).count == 7)
        #expect(nonBlankCodeLines(allBlocks(course)).count == 360)
    }

    @Test(arguments: ContentFixture.codes)
    func codeBlocksHoldTheDocumentLinesExactly(code: String) throws {
        let lines = ContentFixture.lines(code)
        for block in try allBlocks(#require(library[code])) where block.kind == .code {
            let written = lines[(block.line - 1)..<(block.line - 1 + block.codeLines.count)]
            #expect(block.codeLines == Array(written))
        }
    }

    @Test func codeIsByteIdenticalAcrossLanguagesBlockByBlock() throws {
        let reference = try allBlocks(#require(library["it"])).filter { $0.kind == .code }
        #expect(reference.count == 61)
        for course in library.courses {
            let blocks = allBlocks(course).filter { $0.kind == .code }
            #expect(blocks.map(\.text) == reference.map(\.text), "\(course.language.code)")
            #expect(blocks.map(\.line) == reference.map(\.line), "\(course.language.code)")
        }
    }

    /// The 374 lines that are byte-identical in all five files are the 360 code lines, eight `API`
    /// sub-headings and six bullets: the classifier must find exactly those code lines in every file alone.
    @Test func codeLinesAreExactlyTheIdenticalLinesThatAreNotHeadingsOrBullets() throws {
        let documents = ContentFixture.codes.map(ContentFixture.lines)
        let identical = Set(
            documents[0].indices.filter { index in
                let line = documents[0][index]
                return !line.isEmpty && line != "API" && !line.hasPrefix("•")
                    && documents.allSatisfy { $0[index] == line }
            }.map { $0 + 1 }
        )
        #expect(identical.count == 360)
        for course in library.courses {
            var found: Set<Int> = []
            for block in allBlocks(course) where block.kind == .code {
                for (offset, line) in block.codeLines.enumerated() where !line.allSatisfy(\.isWhitespace) {
                    found.insert(block.line + offset)
                }
            }
            #expect(found == identical, "\(course.language.code)")
        }
    }

    @Test func blockKindSequencesAreIdenticalAcrossLanguages() throws {
        let reference = try allBlocks(#require(library["it"])).map(\.kind)
        for course in library.courses {
            #expect(allBlocks(course).map(\.kind) == reference, "\(course.language.code)")
            for chapter in course.chapters {
                let model = try #require(library["it"]?.chapter(chapter.number))
                #expect(chapter.blocks.map(\.kind) == model.blocks.map(\.kind))
                #expect(chapter.blocks.map(\.line) == model.blocks.map(\.line))
            }
        }
    }

    @Test func bulletsHaveTheSameTermsAndUseLabelsInEveryLanguage() throws {
        func shape(_ course: LanguageCourse) -> [String] {
            allBlocks(course).filter { $0.kind == .bullet }.map {
                "\($0.term != nil) \($0.whenToUse != nil) \($0.whenNotToUse != nil)"
            }
        }
        let reference = try shape(#require(library["it"]))
        #expect(reference.count == 78)
        #expect(reference.filter { $0 == "true true true" }.count == 51)
        for course in library.courses {
            #expect(shape(course) == reference, "\(course.language.code)")
        }
    }

    @Test func theSummaryCountsEveryLanguageAlike() throws {
        let check = ContentCheck(files: ContentFixture.files)
        #expect(check.passed)
        #expect(check.summary.languages.count == 5)
        for figures in check.summary.languages {
            #expect(figures.chapters == 12 && figures.questions == 41 && figures.answers == 13)
            #expect(figures.chapterCodeLines == 353 && figures.practiceCodeLines == 7)
            #expect(figures.blocks == check.summary.languages[0].blocks)
        }
        let text = check.render()
        #expect(text.contains("360 (353+7)"))
        #expect(text.hasSuffix("OK: 5 languages, no errors\n"))
    }
}
