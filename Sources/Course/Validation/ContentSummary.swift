/// Per-language figures of a content load, printed by `folio check-content`.
public struct ContentSummary: Sendable, Equatable {
    public struct LanguageFigures: Sendable, Equatable {
        public let code: String
        public let document: String
        public let chapters: Int
        /// Blocks by kind over the whole document (introduction, chapters, appendix, case study).
        public let blocks: [Block.Kind: Int]
        public let questions: Int
        /// Reference answers: one per chapter plus the case study's.
        public let answers: Int
        /// Non-blank lines inside code blocks of the chapters.
        public let chapterCodeLines: Int
        /// Non-blank lines inside code blocks of the case study.
        public let practiceCodeLines: Int

        init(_ course: LanguageCourse) {
            code = course.language.code
            document = course.language.document
            chapters = course.chapters.count
            let all =
                course.introduction + [course.readingGuide] + course.chapters.flatMap(\.blocks)
                + course.appendix.blocks + course.appendix.sections.flatMap(\.blocks) + course.practice.blocks
            blocks = Dictionary(grouping: all, by: \.kind).mapValues(\.count)
            questions = course.questions.count
            answers = course.chapters.count + 1
            chapterCodeLines = Self.codeLines(course.chapters.flatMap(\.blocks))
            practiceCodeLines = Self.codeLines(course.practice.blocks)
        }

        static func codeLines(_ blocks: [Block]) -> Int {
            blocks.reduce(0) { total, block in
                total + block.codeLines.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }.count
            }
        }
    }

    public let languages: [LanguageFigures]
    public let errors: [ContentError]
    /// The content directory's digest as the server computes it, when the caller gave one.
    public let contentHash: String?

    init(courses: [LanguageCourse], errors: [ContentError], contentHash: String?) {
        languages = courses.map(LanguageFigures.init)
        self.errors = ContentReport(errors: errors).errors
        self.contentHash = contentHash
    }

    /// A table of the figures, then the errors and a verdict line.
    public func render() -> String {
        let kinds = Block.Kind.allCases
        let header = ["language", "chapters", "questions", "answers", "code lines"] + kinds.map(\.rawValue)
        var rows = [header]
        for figures in languages {
            rows.append(
                [
                    figures.code, "\(figures.chapters)", "\(figures.questions)", "\(figures.answers)",
                    "\(figures.chapterCodeLines + figures.practiceCodeLines) "
                        + "(\(figures.chapterCodeLines)+\(figures.practiceCodeLines))",
                ] + kinds.map { "\(figures.blocks[$0] ?? 0)" }
            )
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var text = rows.map { row in
            row.enumerated().map { column, cell in
                cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
        text += "\n"
        if let contentHash { text += "content hash \(contentHash)\n" }
        if errors.isEmpty {
            text += "OK: \(languages.count) languages, no errors\n"
        } else {
            text += ContentReport(errors: errors).render()
        }
        return text
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
