import Foundation

/// What a content load found and what changed against the content served before it.
///
/// Stored as JSON with each `content_versions` row and decoded again by the admin console; decoding
/// tolerates missing fields, so reports recorded by older versions still read.
public struct ReloadReport: Sendable, Codable {
    public struct Changes: Sendable, Codable, Equatable {
        public var languagesAdded: [String] = []
        public var languagesRemoved: [String] = []
        public var sectionsAdded: [String] = []
        public var sectionsRemoved: [String] = []
        public var sectionsChanged: [String] = []
        public var questionsAdded: [String] = []
        public var questionsRemoved: [String] = []
        public var questionsChanged: [String] = []
        public var keysChanged: [String] = []

        enum CodingKeys: String, CodingKey {
            case languagesAdded = "languages_added"
            case languagesRemoved = "languages_removed"
            case sectionsAdded = "sections_added"
            case sectionsRemoved = "sections_removed"
            case sectionsChanged = "sections_changed"
            case questionsAdded = "questions_added"
            case questionsRemoved = "questions_removed"
            case questionsChanged = "questions_changed"
            case keysChanged = "keys_changed"
        }

        public var isEmpty: Bool { self == Changes() }

        init(
            sectionsAdded: [String] = [], sectionsRemoved: [String] = [], sectionsChanged: [String] = [],
            questionsAdded: [String] = [], questionsRemoved: [String] = [], questionsChanged: [String] = [],
            keysChanged: [String] = []
        ) {
            self.sectionsAdded = sectionsAdded
            self.sectionsRemoved = sectionsRemoved
            self.sectionsChanged = sectionsChanged
            self.questionsAdded = questionsAdded
            self.questionsRemoved = questionsRemoved
            self.questionsChanged = questionsChanged
            self.keysChanged = keysChanged
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func list(_ key: CodingKeys) throws -> [String] {
                try container.decodeIfPresent([String].self, forKey: key) ?? []
            }
            languagesAdded = try list(.languagesAdded)
            languagesRemoved = try list(.languagesRemoved)
            sectionsAdded = try list(.sectionsAdded)
            sectionsRemoved = try list(.sectionsRemoved)
            sectionsChanged = try list(.sectionsChanged)
            questionsAdded = try list(.questionsAdded)
            questionsRemoved = try list(.questionsRemoved)
            questionsChanged = try list(.questionsChanged)
            keysChanged = try list(.keysChanged)
        }
    }

    var outcome: ContentVersion.Outcome
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

    init(
        outcome: ContentVersion.Outcome, contentHash: String, version: Int64?, languages: [String], chapters: Int,
        questions: Int,
        changes: Changes?, errors: [String]
    ) {
        self.outcome = outcome
        self.contentHash = contentHash
        self.version = version
        self.languages = languages
        self.chapters = chapters
        self.questions = questions
        self.changes = changes
        self.errors = errors
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        outcome = try container.decode(ContentVersion.Outcome.self, forKey: .outcome)
        contentHash = try container.decodeIfPresent(String.self, forKey: .contentHash) ?? ""
        version = try container.decodeIfPresent(Int64.self, forKey: .version)
        languages = try container.decodeIfPresent([String].self, forKey: .languages) ?? []
        chapters = try container.decodeIfPresent(Int.self, forKey: .chapters) ?? 0
        questions = try container.decodeIfPresent(Int.self, forKey: .questions) ?? 0
        changes = try container.decodeIfPresent(Changes.self, forKey: .changes)
        errors = try container.decodeIfPresent([String].self, forKey: .errors) ?? []
    }

    /// The report of a snapshot that loaded, compared with the one it replaces (if any).
    /// - Throws: what making either snapshot's fingerprint threw (only a comparison needs them).
    static func loaded(_ snapshot: ContentSnapshot, replacing previous: ContentSnapshot?) throws -> ReloadReport {
        var difference: Changes?
        if let previous {
            var found = changes(from: try previous.fingerprint, to: try snapshot.fingerprint)
            found.languagesAdded = snapshot.languageCodes.filter { !previous.languageCodes.contains($0) }
            found.languagesRemoved = previous.languageCodes.filter { !snapshot.languageCodes.contains($0) }
            difference = found
        }
        return ReloadReport(
            outcome: .loaded, contentHash: snapshot.contentHash, version: snapshot.versionID,
            languages: snapshot.languageCodes,
            chapters: snapshot.library.courses.first?.chapters.count ?? 0, questions: snapshot.questionIDs.count,
            changes: difference, errors: [])
    }

    /// Decodes a report stored with a content version; `nil` when the text is not a report.
    static func decode(stored text: String) -> ReloadReport? {
        do {
            return try JSONDecoder().decode(ReloadReport.self, from: Data(text.utf8))
        } catch {
            return nil
        }
    }

    static func rejected(_ report: String, contentHash: String) -> ReloadReport {
        ReloadReport(
            outcome: .rejected, contentHash: contentHash, version: nil, languages: [], chapters: 0, questions: 0,
            changes: nil, errors: report.split(separator: "\n").map(String.init))
    }

    static func changes(from old: ContentFingerprint, to new: ContentFingerprint) -> Changes {
        func diff(_ old: [String: String], _ new: [String: String]) -> (
            added: [String], removed: [String], changed: [String]
        ) {
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
