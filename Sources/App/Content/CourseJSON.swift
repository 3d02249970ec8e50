import Course
import Foundation
import Grading

/// The JSON documents of the course API, encoded once per content load.
///
/// Field names are the public contract of `/api/v1/…` (see `OpenAPIDocument`); answers never appear here.
enum CourseJSON {
    struct LanguageList: Encodable {
        struct Entry: Encodable {
            let code: String
            let name: String
            let tag: String
            let title: String
        }
        let languages: [Entry]
    }

    struct ChapterList: Encodable {
        struct Entry: Encodable {
            let number: Int
            let title: String
            let questions: Int
        }
        let language: String
        let title: String
        let chapters: [Entry]
    }

    struct BlockJSON: Encodable {
        let type: String
        let anchor: String
        let text: String
        let term: String?
        let body: String?
        let whenToUse: String?
        let whenNotToUse: String?
        let number: Int?
        let lines: [String]?

        init(_ block: Block) {
            type = block.kind.rawValue
            anchor = block.anchor
            text = block.text
            term = block.term
            body = block.body
            whenToUse = block.whenToUse
            whenNotToUse = block.whenNotToUse
            number = block.number
            lines = block.kind == .code ? block.codeLines.map { String($0) } : nil
        }

        enum CodingKeys: String, CodingKey {
            case type, anchor, text, term, body, number, lines
            case whenToUse = "when_to_use"
            case whenNotToUse = "when_not_to_use"
        }
    }

    struct QuestionJSON: Encodable {
        let id: String
        let number: Int
        let prompt: String
        let kind: String
        let options: [ChoiceOption]?
    }

    struct SectionJSON: Encodable {
        let language: String
        let number: Int?
        let section: String
        let title: String
        let lead: String?
        let blocks: [BlockJSON]
        let questions: [QuestionJSON]
    }

    struct AppendixJSON: Encodable {
        struct Subsection: Encodable {
            let role: String
            let title: String
            let anchor: String
            let blocks: [BlockJSON]
        }
        /// A chapter's reference answer paragraph; `text` is `null` and `hidden` true until the reader earned it.
        struct Answer: Encodable {
            let chapter: Int?
            let label: String
            let text: String?
            let hidden: Bool

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(chapter, forKey: .chapter)
                try container.encode(label, forKey: .label)
                try container.encode(text, forKey: .text)
                try container.encode(hidden, forKey: .hidden)
            }

            enum CodingKeys: String, CodingKey { case chapter, label, text, hidden }
        }
        let language: String
        let section: String
        let title: String
        let blocks: [BlockJSON]
        let sections: [Subsection]
        let answers: [Answer]
    }

    static func questions(_ questions: [Question], language: String, book: AnswerKeyBook) -> [QuestionJSON] {
        questions.map { question in
            let kind = book.kind(of: question.id) ?? .open
            let options = kind == .choice || kind == .boolean ? book.options(of: question.id, in: language) : nil
            return QuestionJSON(
                id: question.id, number: question.number, prompt: question.prompt, kind: kind.rawValue,
                options: options)
        }
    }

    static func chapter(_ chapter: Chapter, language: String, book: AnswerKeyBook) -> SectionJSON {
        SectionJSON(
            language: language, number: chapter.number, section: "ch\(chapter.number)", title: chapter.title,
            lead: chapter.lead, blocks: chapter.blocks.map(BlockJSON.init),
            questions: questions(chapter.questions, language: language, book: book))
    }

    static func practice(_ practice: Practice, language: String, book: AnswerKeyBook) -> SectionJSON {
        SectionJSON(
            language: language, number: nil, section: "practice", title: practice.title, lead: practice.lead,
            blocks: practice.blocks.map(BlockJSON.init),
            questions: questions(practice.questions, language: language, book: book))
    }

    /// The appendix with the answers of the chapters in `shown`; the others are `hidden` with a `null` text,
    /// and their paragraphs are left out of the answers sub-section's blocks.
    static func appendix(_ course: LanguageCourse, shown: Set<Int>) -> AppendixJSON {
        let appendix = course.appendix
        let chapterOfLine = Dictionary(
            course.chapters.map { ($0.answer.line, $0.number) }, uniquingKeysWith: { first, _ in first })
        func isHidden(line: Int) -> Bool {
            chapterOfLine[line].map { !shown.contains($0) } ?? false
        }
        return AppendixJSON(
            language: course.language.code, section: "appendix", title: appendix.title,
            blocks: appendix.blocks.map(BlockJSON.init),
            sections: appendix.sections.map { section in
                AppendixJSON.Subsection(
                    role: section.role.rawValue, title: section.title, anchor: section.anchor,
                    blocks: section.blocks.filter { section.role != .answers || !isHidden(line: $0.line) }
                        .map(BlockJSON.init))
            },
            answers: appendix.answers.map { answer in
                let hidden = isHidden(line: answer.line)
                return AppendixJSON.Answer(
                    chapter: chapterOfLine[answer.line], label: answer.label, text: hidden ? nil : answer.text,
                    hidden: hidden)
            })
    }

    /// Encodes with sorted keys so the bytes (and their ETag) are stable across loads of the same content.
    static func encode(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }
}
