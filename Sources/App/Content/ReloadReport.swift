import Foundation

/// What a content load found and what changed against the content served before it.
public struct ReloadReport: Sendable, Encodable {
    public struct Changes: Sendable, Encodable, Equatable {
        public var sectionsAdded: [String] = []
        public var sectionsRemoved: [String] = []
        public var sectionsChanged: [String] = []
        public var questionsAdded: [String] = []
        public var questionsRemoved: [String] = []
        public var questionsChanged: [String] = []
        public var keysChanged: [String] = []

        enum CodingKeys: String, CodingKey {
            case sectionsAdded = "sections_added"
            case sectionsRemoved = "sections_removed"
            case sectionsChanged = "sections_changed"
            case questionsAdded = "questions_added"
            case questionsRemoved = "questions_removed"
            case questionsChanged = "questions_changed"
            case keysChanged = "keys_changed"
        }

        public var isEmpty: Bool { self == Changes() }
    }

    public var outcome: String
    public var contentHash: String
    public var version: Int64?
    public var languages: [String]
    public var chapters: Int
    public var questions: Int
    public var changes: Changes?
    /// The validation report when the load was rejected.
    public var errors: [String]

    enum CodingKeys: String, CodingKey {
        case outcome, version, languages, chapters, questions, changes, errors
        case contentHash = "content_hash"
    }

    /// The report of a snapshot that loaded, compared with the one it replaces (if any).
    static func loaded(_ snapshot: ContentSnapshot, replacing previous: ContentSnapshot?) -> ReloadReport {
        ReloadReport(
            outcome: "loaded", contentHash: snapshot.contentHash, version: snapshot.versionID,
            languages: snapshot.languageCodes,
            chapters: snapshot.library.courses.first?.chapters.count ?? 0, questions: snapshot.questionIDs.count,
            changes: previous.map { changes(from: $0.fingerprint, to: snapshot.fingerprint) }, errors: [])
    }

    static func rejected(_ report: String, contentHash: String) -> ReloadReport {
        ReloadReport(
            outcome: "rejected", contentHash: contentHash, version: nil, languages: [], chapters: 0, questions: 0,
            changes: nil, errors: report.split(separator: "\n").map(String.init))
    }

    static func changes(from old: ContentFingerprint, to new: ContentFingerprint) -> Changes {
        func diff(_ old: [String: String], _ new: [String: String]) -> (added: [String], removed: [String], changed: [String]) {
            let added = new.keys.filter { old[$0] == nil }.sorted(by: naturalOrder)
            let removed = old.keys.filter { new[$0] == nil }.sorted(by: naturalOrder)
            let changed = new.keys.filter { old[$0] != nil && old[$0] != new[$0] }.sorted(by: naturalOrder)
            return (added, removed, changed)
        }
        let sections = diff(old.sections, new.sections)
        let questions = diff(old.questions, new.questions)
        let keys = diff(old.keys, new.keys)
        return Changes(
            sectionsAdded: sections.added, sectionsRemoved: sections.removed, sectionsChanged: sections.changed,
            questionsAdded: questions.added, questionsRemoved: questions.removed, questionsChanged: questions.changed,
            keysChanged: (keys.changed + keys.added.filter { old.questions[$0] != nil }).sorted(by: naturalOrder))
    }

    /// `ch2-q1` before `ch10-q1`: numbers compare as numbers.
    static func naturalOrder(_ lhs: String, _ rhs: String) -> Bool {
        lhs.compare(rhs, options: .numeric) == .orderedAscending
    }
}
