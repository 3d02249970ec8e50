/// Checks the languages against each other: the documents are aligned translations, so every language must
/// have the same chapters, question ids, block kinds in the same order, and byte-identical code.
///
/// The first language in order is the reference; each difference is reported in the other language's file,
/// naming the reference's file and line.
struct AlignmentValidator {
    let courses: [LanguageCourse]

    func validate() -> [ContentError] {
        guard let reference = courses.first else { return [] }
        var errors: [ContentError] = []
        for course in courses.dropFirst() {
            var comparison = Comparison(reference: reference, other: course)
            comparison.run()
            errors += comparison.errors
        }
        return errors
    }
}

private struct Comparison {
    let reference: LanguageCourse
    let other: LanguageCourse
    var errors: [ContentError] = []

    init(reference: LanguageCourse, other: LanguageCourse) {
        self.reference = reference
        self.other = other
    }

    private var referenceFile: String { reference.language.document }

    private mutating func fail(_ line: Int, _ message: String) {
        errors.append(ContentError(file: other.language.document, line: line, message: message))
    }

    mutating func run() {
        compareBlocks(reference.introduction, other.introduction, section: "the introduction", fallbackLine: 1)
        let numbers = reference.chapters.map(\.number)
        let otherNumbers = other.chapters.map(\.number)
        if numbers != otherNumbers {
            fail(
                other.appendix.line,
                "chapters \(Self.list(otherNumbers)) here, but \(referenceFile) has chapters \(Self.list(numbers))"
            )
        }
        for chapter in other.chapters {
            guard let model = reference.chapter(chapter.number) else { continue }
            compareQuestions(
                model.questions, chapter.questions, line: chapter.checkpointLine, section: "chapter \(chapter.number)")
            compareBlocks(
                model.blocks, chapter.blocks, section: "chapter \(chapter.number)", fallbackLine: chapter.line)
        }
        compareBlocks(
            reference.appendix.blocks, other.appendix.blocks, section: "the appendix", fallbackLine: other.appendix.line
        )
        for section in other.appendix.sections {
            guard let model = reference.appendix.section(section.role) else { continue }
            compareBlocks(
                model.blocks, section.blocks, section: "appendix section \"\(section.title)\"",
                fallbackLine: section.line)
        }
        let roles = reference.appendix.sections.map(\.role)
        if roles != other.appendix.sections.map(\.role) {
            fail(other.appendix.line, "the appendix sections are in a different order than in \(referenceFile)")
        }
        compareQuestions(
            reference.practice.questions, other.practice.questions, line: other.practice.quizLine,
            section: "the case study")
        compareBlocks(
            reference.practice.blocks, other.practice.blocks, section: "the case study",
            fallbackLine: other.practice.line)
    }

    private mutating func compareQuestions(_ model: [Question], _ questions: [Question], line: Int, section: String) {
        let ids = model.map(\.id)
        let otherIds = questions.map(\.id)
        guard ids != otherIds else { return }
        fail(
            line,
            "\(section) has questions \(otherIds.joined(separator: ", ")) here, but \(ids.joined(separator: ", ")) "
                + "in \(referenceFile)"
        )
    }

    /// Reports the first place where the kinds differ, then every code block that differs.
    private mutating func compareBlocks(_ model: [Block], _ blocks: [Block], section: String, fallbackLine: Int) {
        let common = min(model.count, blocks.count)
        let mismatch = (0..<common).first { model[$0].kind != blocks[$0].kind }
        if let index = mismatch ?? (model.count == blocks.count ? nil : common) {
            let here = index < blocks.count ? "a \(blocks[index].kind.rawValue) block" : "nothing"
            let there =
                index < model.count
                ? "a \(model[index].kind.rawValue) block at \(referenceFile):\(model[index].line)" : "nothing"
            let line = index < blocks.count ? blocks[index].line : (blocks.last?.line ?? fallbackLine)
            fail(
                line, "block \(index + 1) of \(section) is \(here) here, but \(there) (the documents must stay aligned)"
            )
        }
        let code = model.filter { $0.kind == .code }
        let otherCode = blocks.filter { $0.kind == .code }
        for (expected, found) in zip(code, otherCode) where expected.text != found.text {
            let expectedLines = expected.codeLines
            let foundLines = found.codeLines
            let shorter = min(expectedLines.count, foundLines.count)
            let offset = (0..<shorter).first { expectedLines[$0] != foundLines[$0] } ?? shorter
            fail(
                found.line + offset,
                "code differs from \(referenceFile):\(expected.line + offset) in \(section); code must be identical "
                    + "in every language"
            )
        }
    }

    private static func list(_ numbers: [Int]) -> String {
        numbers.map(String.init).joined(separator: ", ")
    }
}
