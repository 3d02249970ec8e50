import Course
import Foundation
import Grading
import HTTP
import Views

/// Everything served from `Content/`, prepared once and then only read: the parsed course, the answer
/// keys and grader, pre-rendered pages, pre-encoded JSON and a search index per language.
///
/// Immutable and `Sendable`: handlers take the current snapshot once per request, so a reload that
/// swaps in a new one never changes the content under a request in flight.
public final class ContentSnapshot: Sendable {
    /// One language's prepared artefacts.
    ///
    /// A class, not a struct: every page request takes one, and copying a dozen stored references out of
    /// the snapshot's dictionary cost a fifth of the event loop's time in retains and releases.
    public final class LanguageContent: Sendable {
        public let course: LanguageCourse
        public let pages: CoursePages
        /// The anonymous rendering of each page (every slot at its fallback: the appendix's answers hidden),
        /// gzip and ETag ready.
        let preparedPages: [CourseSection: PreparedBody]
        /// The appendix with every chapter's answers shown (`--reveal immediately`).
        let preparedOpenAppendix: PreparedBody
        let preparedHome: PreparedBody
        let chapterList: PreparedBody
        let chapterJSON: [Int: PreparedBody]
        /// The appendix JSON with every chapter's answers hidden, and with all shown.
        let appendixJSON: PreparedBody
        let openAppendixJSON: PreparedBody
        let practiceJSON: PreparedBody
        public let search: SearchIndex
        /// The parallel-reading pages, prepared on first request.
        let parallelPages: ParallelPages

        init(
            course: LanguageCourse, pages: CoursePages, preparedPages: [CourseSection: PreparedBody],
            preparedOpenAppendix: PreparedBody, preparedHome: PreparedBody, chapterList: PreparedBody,
            chapterJSON: [Int: PreparedBody], appendixJSON: PreparedBody, openAppendixJSON: PreparedBody,
            practiceJSON: PreparedBody, search: SearchIndex, parallelPages: ParallelPages
        ) {
            self.course = course
            self.pages = pages
            self.preparedPages = preparedPages
            self.preparedOpenAppendix = preparedOpenAppendix
            self.preparedHome = preparedHome
            self.chapterList = chapterList
            self.chapterJSON = chapterJSON
            self.appendixJSON = appendixJSON
            self.openAppendixJSON = openAppendixJSON
            self.practiceJSON = practiceJSON
            self.search = search
            self.parallelPages = parallelPages
        }

        /// Chapter numbers with their question ids, in course order.
        var chapterQuestions: [(number: Int, questionIDs: [String])] {
            course.chapters.map { ($0.number, $0.questions.map(\.id)) }
        }
    }

    public let library: CourseLibrary
    public let book: AnswerKeyBook
    public let grader: Grader
    public let strings: [String: UIStrings]
    public let languages: [String: LanguageContent]
    /// Language codes in the library's order.
    public let languageCodes: [String]
    /// `languages` in the library's order.
    private let ordered: [(code: String, content: LanguageContent)]
    let languageList: PreparedBody
    /// What identifies this content: a digest of every file under `Content/`.
    public let contentHash: String
    /// Fingerprints of questions, chapters and keys, for reload reports and for tagging attempts: computed once
    /// the snapshot is served (`prepareDeferred()`), or by the first reader, who waits for it. The first page
    /// needs none of it, and its key digests were a tenth of a start-up's CPU.
    /// - Throws: what making the fingerprint threw (canonical JSON of a key file), to every reader.
    public var fingerprint: ContentFingerprint {
        get throws { try deferredFingerprint.get() }
    }
    private let deferredFingerprint: Deferred<ContentFingerprint>
    /// Whether the fingerprint has been made (or failed).
    var isFingerprintMade: Bool { deferredFingerprint.isComputed }
    /// The `content_versions` row this snapshot was recorded as (0 until recorded).
    public let versionID: Int64
    /// A digest of the key folder's files: a reload whose keys have the same one reuses `book`, the key
    /// fingerprints and the search index of every unchanged language instead of deriving them again.
    let keysHash: String

    init(
        library: CourseLibrary, book: AnswerKeyBook, strings: [String: UIStrings], languages: [String: LanguageContent],
        languageList: PreparedBody, contentHash: String, fingerprint: Deferred<ContentFingerprint>, versionID: Int64,
        keysHash: String
    ) {
        self.library = library
        self.book = book
        self.grader = Grader(book: book)
        self.strings = strings
        self.languages = languages
        self.languageCodes = library.courses.map(\.language.code)
        self.ordered = languageCodes.compactMap { code in languages[code].map { (code, $0) } }
        self.languageList = languageList
        self.contentHash = contentHash
        self.deferredFingerprint = fingerprint
        self.versionID = versionID
        self.keysHash = keysHash
    }

    /// The same content recorded under another version id.
    func recorded(as versionID: Int64) -> ContentSnapshot {
        ContentSnapshot(
            library: library, book: book, strings: strings, languages: languages, languageList: languageList,
            contentHash: contentHash, fingerprint: deferredFingerprint, versionID: versionID, keysHash: keysHash)
    }

    /// Makes what load left for later, one after another on the calling thread: the fingerprint, then every
    /// language's search index that is not built yet.
    ///
    /// - Returns: what could not be made, with the error (`fingerprint`, or a language code); a reader of the
    ///   fingerprint gets that error, a search tries again and reports it.
    func prepareDeferred() -> [(part: String, error: any Error)] {
        var failures: [(part: String, error: any Error)] = []
        do {
            _ = try fingerprint
        } catch {
            failures.append(("fingerprint", error))
        }
        for (code, content) in ordered {
            do {
                try content.search.prepare()
            } catch {
                failures.append((code, error))
            }
        }
        return failures
    }

    /// The language's content, or `nil` for an unknown code.
    ///
    /// A scan of a handful of short codes: cheaper than hashing the code, and every page request asks.
    public func language(_ code: String) -> LanguageContent? {
        for entry in ordered where entry.code == code { return entry.content }
        return nil
    }

    /// The section a question belongs to (a chapter or the practice quiz) and its reference answer in `language`.
    public func question(_ id: String, in language: String)
        -> (section: CourseSection, question: Question, reference: String)?
    {
        guard let course = languages[language]?.course, let found = course.question(id: id) else { return nil }
        let section: CourseSection
        if course.practice.questions.contains(where: { $0.id == id }) {
            section = .practice
        } else if let chapter = course.chapters.first(where: { $0.question(id: id) != nil }) {
            section = .chapter(chapter.number)
        } else {
            return nil
        }
        return (section, found.question, reference(for: id, language: language) ?? found.answer.text)
    }

    /// The reference answer shown for a question once the learner may see it: the sentence(s) of its
    /// chapter's appendix answer that answer it, as the answer keys map them (so one question's reference does
    /// not hand over the chapter's other answers); the whole paragraph only if the keys map none.
    public func reference(for questionID: String, language: String) -> String? {
        book.reference(questionID: questionID, language: language)
            ?? languages[language]?.course.question(id: questionID)?.answer.text
    }

    /// Every question id, in course order.
    public var questionIDs: [String] {
        languages[languageCodes.first ?? ""]?.course.questions.map(\.id) ?? []
    }
}
