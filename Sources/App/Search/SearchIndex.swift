import Course
import Foundation
import Grading
import Locking
import SQLite
import Stemming
import Views

/// Full-text search over one language of the course: SQLite FTS5 in memory, built in the background after
/// content load (a search that comes first builds it, or waits for the build under way).
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

    /// One page of results and how many there are in all.
    public struct Page: Sendable {
        public var results: [Result]
        /// Every match of the query, not just this page's.
        public var total: Int
        /// The position of the page's first result among all matches.
        public var offset: Int
    }

    /// `bm25` weights of the `words`, `stems` and `characters` columns: an exact word counts far more.
    static let columnWeights = "4.0, 1.0, 1.0"

    private let documents: [Document]
    private let languageTag: String
    private let han: HanConverter?
    private let stemmer: Stemmer?
    /// The FTS5 table, built by `prepare()` or by the first search, whichever comes first; `nil` until then.
    private let connection = Locked<Connection?>(nil)

    /// Gathers every block, question and reference answer of `course` to index; the index itself is built by
    /// `prepare()` (content load starts it in the background once the snapshot is served) or by the first
    /// search, which waits for it.
    ///
    /// - Parameters:
    ///   - han: the Simplified → Traditional converter grading uses for this language, folded in on both sides.
    ///   - stemmer: the language's Snowball stemmer; its stems fill a second column so inflections match.
    public init(course: LanguageCourse, han: HanConverter? = nil, stemmer: Stemmer? = nil) {
        languageTag = course.language.tag
        self.han = han
        self.stemmer = stemmer
        documents = Self.documents(of: course)
    }

    /// Whether the index has been built.
    var isPrepared: Bool {
        connection.withLock { $0 != nil }
    }

    /// Builds the index now unless it is built already; a search running meanwhile waits for it.
    /// - Throws: `SQLiteError` when the in-memory index cannot be built (the next call tries again).
    public func prepare() throws {
        try withConnection { _ in }
    }

    /// Runs `body` with the built index, building it first if needed, under the index's lock.
    private func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        try connection.withLock { connection in
            if let built = connection { return try body(built) }
            let built = try build()
            connection = built
            return try body(built)
        }
    }

    /// The FTS5 table over `documents`: exact words, folded stems and CJK characters in three columns.
    private func build() throws -> Connection {
        let connection = try Connection(path: ":memory:")
        try connection.execute(
            sql: """
                CREATE VIRTUAL TABLE blocks USING fts5(words, stems, characters, \
                tokenize = "unicode61 remove_diacritics 0")
                """)
        var text = SearchText(languageTag: languageTag, han: han)
        var stems = stemmer.map { SearchStems(stemmer: $0, languageTag: languageTag) }
        try connection.transaction(.immediate) { connection in
            for (index, document) in documents.enumerated() {
                let terms = text.terms(of: document.text)
                let stemmed = stems?.stems(of: document.text, folder: &text) ?? []
                try connection.execute(
                    sql: "INSERT INTO blocks (rowid, words, stems, characters) VALUES (?, ?, ?, ?)",
                    arguments: [
                        index, terms.words.joined(separator: " "), stemmed.joined(separator: " "),
                        terms.characters.joined(separator: " "),
                    ])
            }
        }
        return connection
    }

    /// The page of matches of `query` starting at `offset`, every term required: blocks with every word as
    /// typed first, then those matching through stems, each group by `bm25`. Empty for a query with no terms.
    /// - Throws: `SQLiteError` if the index cannot be built or queried.
    public func search(_ query: String, offset: Int = 0, limit: Int = 20) throws -> Page {
        var text = SearchText(languageTag: languageTag, han: han)
        let query = String(query.prefix(200))
        let terms = text.queryTerms(of: query)
        let offset = max(0, offset)
        guard !terms.isEmpty else { return Page(results: [], total: 0, offset: offset) }
        let exact = Self.matchExpression(terms)
        var stems = stemmer.map { SearchStems(stemmer: $0, languageTag: languageTag) }
        let queryStems = stems?.stems(of: query, folder: &text) ?? []
        let stemmed = Self.stemExpression(queryStems, others: terms)
        let ranked = try withConnection { connection in
            let all = try connection.query(
                sql: """
                    SELECT rowid FROM blocks WHERE blocks MATCH ?
                    ORDER BY bm25(blocks, \(Self.columnWeights)), rowid
                    """,
                arguments: [stemmed.map { "(\(exact)) OR (\($0))" } ?? exact])
            let rowids: [Int] = try all.map { try $0["rowid"] }
            guard stemmed != nil else { return rowids }
            let exactRows = Set(
                try connection.query(sql: "SELECT rowid FROM blocks WHERE blocks MATCH ?", arguments: [exact])
                    .map { row -> Int in try row["rowid"] })
            return rowids.filter(exactRows.contains) + rowids.filter { !exactRows.contains($0) }
        }
        let needles = SearchText.needles(terms)
        let marks = Snippets.StemMarks(stems: queryStems, lastIsPrefix: Self.isPrefix(queryStems.last))
        let page = ranked.dropFirst(offset).prefix(max(0, limit))
        let results = page.compactMap { index -> Result? in
            guard documents.indices.contains(index) else { return nil }
            let document = documents[index]
            return Result(
                section: document.section, anchor: document.anchor, title: document.title,
                snippet: Snippets.make(
                    text: document.text, needles: needles, folder: &text, stems: &stems, marks: marks))
        }
        return Page(results: results, total: ranked.count, offset: offset)
    }

    /// An FTS5 query: every term ANDed; the last word also matches as a prefix (search as you type).
    static func matchExpression(_ terms: [SearchText.QueryTerm]) -> String {
        terms.enumerated().map { index, term in
            switch term {
            case .word(let word):
                let prefix = index == terms.count - 1 && isPrefix(word) ? "*" : ""
                return "words : \"\(word)\"\(prefix)"
            case .bigrams(let bigrams):
                return "words : \"\(bigrams.joined(separator: " "))\""
            case .character(let character):
                return "characters : \"\(character)\""
            }
        }.joined(separator: " AND ")
    }

    /// The same query through the `stems` column: every stem ANDed (the last as a prefix), with the query's
    /// CJK terms as they are; `nil` when the query has no stems.
    static func stemExpression(_ stems: [String], others terms: [SearchText.QueryTerm]) -> String? {
        guard !stems.isEmpty else { return nil }
        var parts = stems.enumerated().map { index, stem in
            "stems : \"\(stem)\"" + (index == stems.count - 1 && isPrefix(stem) ? "*" : "")
        }
        let cjk = terms.filter { if case .word = $0 { false } else { true } }
        if !cjk.isEmpty { parts.append(matchExpression(cjk)) }
        return parts.joined(separator: " AND ")
    }

    /// Whether the last term is long enough to match as a prefix.
    static func isPrefix(_ term: String?) -> Bool {
        (term?.count ?? 0) >= 3
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
