/// Parses one language's document into its course, collecting every error instead of stopping at the first.
///
/// One algorithm for all languages: the markers come from the `Vocabulary`. The document is title,
/// introduction (ending with the reading guide), chapters 0…N, the appendix, and the case study whose
/// answers paragraph is the last line.
struct DocumentParser {
    let vocabulary: Vocabulary
    let file: String
    private(set) var errors: [ContentError] = []

    init(vocabulary: Vocabulary, file: String) {
        self.vocabulary = vocabulary
        self.file = file
    }

    /// The course, or nil with `errors` filled.
    mutating func parse(_ bytes: [UInt8]) -> LanguageCourse? {
        let lines: [Substring]
        switch DocumentText.decode(bytes, file: file) {
        case .success(let text): lines = text.lines
        case .failure(let error):
            errors.append(error)
            return nil
        }
        let items = BlockScanner(vocabulary: vocabulary).scan(lines)
        let title = parseTitle(lines, items)
        let segments = segment(items, lastLine: lines.count)
        let introduction = parseIntroduction(items[segments.introduction])
        var chapters: [ChapterDraft] = []
        for (number, range) in segments.chapters {
            if let chapter = parseChapter(number, items[range]) { chapters.append(chapter) }
        }
        let appendix = segments.appendix.flatMap { parseAppendix(items[$0]) }
        let practice = segments.practice.flatMap { parsePractice(items[$0], lastLine: lines.count) }
        let answered = attachAnswers(chapters, appendix)
        guard errors.isEmpty, let title, let introduction, let appendix, let practice else { return nil }
        return LanguageCourse(
            language: vocabulary.language, title: String(title), introduction: introduction.blocks,
            readingGuide: introduction.guide, chapters: answered, appendix: appendix.appendix, practice: practice
        )
    }

    mutating func fail(_ line: Int, _ message: String) {
        errors.append(ContentError(file: file, line: line, message: message))
    }

    // MARK: Title and introduction

    private mutating func parseTitle(_ lines: [Substring], _ items: [Item]) -> Substring? {
        guard let first = items.first, first.line == 1, first.kind == .heading || first.kind == .paragraph else {
            fail(1, "expected the course title on the first line")
            return nil
        }
        return lines[0].trimmingSpaces()
    }

    private mutating func parseIntroduction(_ items: ArraySlice<Item>) -> (blocks: [Block], guide: Block)? {
        var blocks: [Block] = []
        var guide: Block?
        for item in items.dropFirst() {
            if guide == nil, item.opens(with: vocabulary.introduction.readingGuide) {
                guide = BlockBuilder.block(item, anchor: "intro-guide", vocabulary: vocabulary)
            } else {
                blocks.append(BlockBuilder.block(item, anchor: "intro-b\(blocks.count)", vocabulary: vocabulary))
            }
        }
        guard let guide else {
            let line = items.dropFirst().first?.line ?? 2
            fail(
                line,
                "expected the reading guide paragraph starting with \"\(vocabulary.introduction.readingGuide)\" "
                    + "before the first chapter"
            )
            return nil
        }
        return (blocks, guide)
    }

    // MARK: Sections

    struct Segments {
        var introduction: Range<Int> = 0..<0
        var chapters: [(number: Int, items: Range<Int>)] = []
        var appendix: Range<Int>?
        var practice: Range<Int>?
    }

    private enum Boundary {
        case chapter(Int), appendix, practice
    }

    /// Cuts the items at the chapter, appendix and case-study headings, reporting missing, duplicated and
    /// out-of-order headings.
    private mutating func segment(_ items: [Item], lastLine: Int) -> Segments {
        var boundaries: [(index: Int, boundary: Boundary)] = []
        for (index, item) in items.enumerated() where item.kind == .heading || item.kind == .paragraph {
            if let match = vocabulary.chapter.heading.match(item.text) {
                boundaries.append((index, .chapter(match.number)))
            } else if item.text.startsWithMarker(vocabulary.appendix.heading) {
                boundaries.append((index, .appendix))
            } else if item.text.startsWithMarker(vocabulary.practice.heading) {
                boundaries.append((index, .practice))
            }
        }
        var segments = Segments()
        segments.introduction = 0..<(boundaries.first?.index ?? items.count)
        var expected = 0
        var seenChapters: [Int: Int] = [:]
        var appendixLine: Int?
        var practiceLine: Int?
        for (position, (index, boundary)) in boundaries.enumerated() {
            let end = position + 1 < boundaries.count ? boundaries[position + 1].index : items.count
            let line = items[index].line
            switch boundary {
            case .chapter(let number):
                if let first = seenChapters[number] {
                    fail(
                        line,
                        "duplicated chapter heading \"\(vocabulary.chapter.heading.render(number))…\" (first at "
                            + "line \(first))"
                    )
                    continue
                }
                if appendixLine != nil || practiceLine != nil {
                    fail(line, "chapter \(number) comes after the appendix or the case study; chapters must come first")
                } else if number != expected {
                    fail(
                        line,
                        "expected chapter \(expected) (\"\(vocabulary.chapter.heading.render(expected))…\"), found "
                            + "chapter \(number)"
                    )
                }
                seenChapters[number] = line
                expected = max(expected, number + 1)
                segments.chapters.append((number, index..<end))
            case .appendix:
                if let first = appendixLine {
                    fail(line, "duplicated appendix heading (first at line \(first))")
                    continue
                }
                if practiceLine != nil { fail(line, "the appendix must come before the case study") }
                appendixLine = line
                segments.appendix = index..<end
            case .practice:
                if let first = practiceLine {
                    fail(line, "duplicated case-study heading (first at line \(first))")
                    continue
                }
                practiceLine = line
                segments.practice = index..<end
            }
        }
        if seenChapters.isEmpty {
            fail(
                items.first?.line ?? 1,
                "no chapter found; expected headings such as \"\(vocabulary.chapter.heading.render(0))…\"")
        }
        if appendixLine == nil {
            fail(
                lastLine,
                "missing appendix: expected a heading starting with \"\(vocabulary.appendix.heading)\" after the "
                    + "last chapter (truncated file?)"
            )
        }
        if practiceLine == nil {
            fail(
                lastLine,
                "missing case study: expected a heading starting with \"\(vocabulary.practice.heading)\" after the "
                    + "appendix (truncated file?)"
            )
        }
        return segments
    }

    /// Questions numbered 1, 2, … from the start of `items`; reports gaps and returns where they end.
    mutating func parseQuestions(_ items: ArraySlice<Item>, idPrefix: String, after line: Int, heading: String)
        -> (questions: [Question], end: Int)
    {
        var questions: [Question] = []
        var index = items.startIndex
        while index < items.endIndex, items[index].kind == .numbered, let number = items[index].number {
            let expected = questions.count + 1
            if number != expected {
                fail(items[index].line, "expected question \(expected) after \"\(heading)\", found question \(number)")
            }
            questions.append(
                Question(
                    id: "\(idPrefix)-q\(expected)", number: expected,
                    prompt: String(items[index].text.trimmingSpaces()), line: items[index].line)
            )
            index += 1
        }
        if questions.isEmpty {
            fail(line, "\"\(heading)\" has no questions; expected numbered lines \"1. …\" after it")
        }
        return (questions, index)
    }
}
