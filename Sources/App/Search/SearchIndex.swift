import Course
import Foundation
import Locking
import SQLite
import Views

/// Full-text search over one language of the course: SQLite FTS5 in memory, built at content load.
///
/// Each snapshot owns its index, so a reload builds the next one beside it and requests in flight keep
/// searching the content they started with. Ranking is FTS5's `bm25`; snippets and their highlights are
/// cut from the original block text in Swift, so they show the text as written (accents, case, CJK).
public final class SearchIndex: Sendable {
    /// One searchable piece of text and where it lives.
    struct Document: Sendable {
        var section: CourseSection
        var anchor: String?
        var title: String
        var text: String
    }

    /// One ranked result.
    public struct Result: Sendable {
        public var section: CourseSection
        public var anchor: String?
        public var title: String
        public var snippet: Snippet
    }

    private let documents: [Document]
    private let languageTag: String
    private let connection: Locked<Connection>

    /// Indexes every block, question and reference answer of `course`.
    /// - Throws: `SQLiteError` when the in-memory index cannot be built.
    public init(course: LanguageCourse) throws {
        languageTag = course.language.tag
        let documents = Self.documents(of: course)
        self.documents = documents
        let connection = try Connection(path: ":memory:")
        try connection.execute(
            sql: """
                CREATE VIRTUAL TABLE blocks USING fts5(words, characters, tokenize = "unicode61 remove_diacritics 0")
                """)
        var text = SearchText(languageTag: languageTag)
        try connection.transaction(.immediate) { connection in
            for (index, document) in documents.enumerated() {
                let terms = text.terms(of: document.text)
                try connection.execute(
                    sql: "INSERT INTO blocks (rowid, words, characters) VALUES (?, ?, ?)",
                    arguments: [index, terms.words.joined(separator: " "), terms.characters.joined(separator: " ")])
            }
        }
        self.connection = Locked(connection)
    }

    /// The best `limit` matches of `query`, every term required; empty for a query with no terms.
    /// - Throws: `SQLiteError` if the index cannot be queried.
    public func search(_ query: String, limit: Int = 20) throws -> [Result] {
        var text = SearchText(languageTag: languageTag)
        let terms = text.queryTerms(of: String(query.prefix(200)))
        guard !terms.isEmpty else { return [] }
        let match = Self.matchExpression(terms)
        let rows = try connection.withLock { connection in
            try connection.query(
                sql: "SELECT rowid FROM blocks WHERE blocks MATCH ? ORDER BY bm25(blocks) LIMIT ?",
                arguments: [match, limit])
        }
        let needles = SearchText.needles(terms)
        return try rows.compactMap { row in
            let index: Int = try row["rowid"]
            guard documents.indices.contains(index) else { return nil }
            let document = documents[index]
            return Result(
                section: document.section, anchor: document.anchor, title: document.title,
                snippet: Snippets.make(text: document.text, needles: needles, folder: &text))
        }
    }

    /// An FTS5 query: every term ANDed; the last word also matches as a prefix (search as you type).
    static func matchExpression(_ terms: [SearchText.QueryTerm]) -> String {
        terms.enumerated().map { index, term in
            switch term {
            case .word(let word):
                let prefix = index == terms.count - 1 && word.count >= 3 ? "*" : ""
                return "words : \"\(word)\"\(prefix)"
            case .bigrams(let bigrams):
                return "words : \"\(bigrams.joined(separator: " "))\""
            case .character(let character):
                return "characters : \"\(character)\""
            }
        }.joined(separator: " AND ")
    }

    private static func documents(of course: LanguageCourse) -> [Document] {
        var documents: [Document] = []
        for chapter in course.chapters {
            let section = CourseSection.chapter(chapter.number)
            documents.append(Document(section: section, anchor: nil, title: chapter.title, text: chapter.title))
            documents.append(Document(section: section, anchor: nil, title: chapter.title, text: chapter.lead))
            for block in chapter.blocks {
                documents.append(
                    Document(section: section, anchor: block.anchor, title: chapter.title, text: block.text))
            }
            for question in chapter.questions {
                documents.append(
                    Document(section: section, anchor: question.id, title: chapter.title, text: question.prompt))
            }
        }
        for block in course.appendix.blocks {
            documents.append(
                Document(section: .appendix, anchor: block.anchor, title: course.appendix.title, text: block.text))
        }
        // The reference answers are not indexed: a snippet would show what the appendix hides until earned.
        for section in course.appendix.sections {
            documents.append(
                Document(section: .appendix, anchor: section.anchor, title: section.title, text: section.title))
            for block in section.blocks where section.role != .answers {
                documents.append(
                    Document(section: .appendix, anchor: block.anchor, title: section.title, text: block.text))
            }
        }
        let practice = course.practice
        documents.append(Document(section: .practice, anchor: nil, title: practice.title, text: practice.title))
        documents.append(Document(section: .practice, anchor: nil, title: practice.title, text: practice.lead))
        for block in practice.blocks {
            documents.append(
                Document(section: .practice, anchor: block.anchor, title: practice.title, text: block.text))
        }
        for question in practice.questions {
            documents.append(
                Document(section: .practice, anchor: question.id, title: practice.title, text: question.prompt))
        }
        return documents
    }
}
