import Foundation
import Testing

@testable import App

struct ReloadReportTests {
    typealias Digests = [String: String]

    static let base = ContentFingerprint(
        sections: ["ch0": "s0", "ch1": "s1", "practice": "p"],
        questions: ["ch0-q1": "a", "ch1-q1": "b", "practice-q1": "c"],
        keys: ["ch0-q1": "ka", "ch1-q1": "kb", "practice-q1": "kc"])

    @Test(
        arguments: [
            (
                "nothing changed", base,
                ReloadReport.Changes()
            ),
            (
                "a chapter's text changed",
                ContentFingerprint(
                    sections: base.sections.merging(["ch1": "s1'"]) { $1 }, questions: base.questions, keys: base.keys),
                ReloadReport.Changes(sectionsChanged: ["ch1"])
            ),
            (
                "a question was reworded",
                ContentFingerprint(
                    sections: base.sections, questions: base.questions.merging(["ch0-q1": "a'"]) { $1 }, keys: base.keys
                ),
                ReloadReport.Changes(questionsChanged: ["ch0-q1"])
            ),
            (
                "an answer key changed",
                ContentFingerprint(
                    sections: base.sections, questions: base.questions,
                    keys: base.keys.merging(["ch1-q1": "kb'"]) { $1 }),
                ReloadReport.Changes(keysChanged: ["ch1-q1"])
            ),
            (
                "a chapter and its question were added",
                ContentFingerprint(
                    sections: base.sections.merging(["ch2": "s2"]) { $1 },
                    questions: base.questions.merging(["ch2-q1": "d"]) { $1 },
                    keys: base.keys.merging(["ch2-q1": "kd"]) { $1 }),
                ReloadReport.Changes(sectionsAdded: ["ch2"], questionsAdded: ["ch2-q1"])
            ),
            (
                "a question and its key were removed",
                ContentFingerprint(
                    sections: base.sections.merging(["ch1": "s1'"]) { $1 },
                    questions: base.questions.filter { $0.key != "ch1-q1" },
                    keys: base.keys.filter { $0.key != "ch1-q1" }),
                ReloadReport.Changes(sectionsChanged: ["ch1"], questionsRemoved: ["ch1-q1"])
            ),
        ] as [(String, ContentFingerprint, ReloadReport.Changes)])
    func changesCompareFingerprints(_ situation: String, new: ContentFingerprint, expected: ReloadReport.Changes) {
        #expect(ReloadReport.changes(from: Self.base, to: new) == expected, "\(situation)")
    }

    @Test func chapterNumbersSortAsNumbers() {
        let old = ContentFingerprint(sections: [:], questions: [:], keys: [:])
        let new = ContentFingerprint(
            sections: ["ch10": "x", "ch2": "x", "ch1": "x"], questions: ["ch10-q1": "x", "ch2-q1": "x"], keys: [:])
        let changes = ReloadReport.changes(from: old, to: new)
        #expect(changes.sectionsAdded == ["ch1", "ch2", "ch10"])
        #expect(changes.questionsAdded == ["ch2-q1", "ch10-q1"])
    }

    @Test func storedReportsDecodeAgainEvenFromOlderVersions() throws {
        let report = ReloadReport(
            outcome: .loaded, contentHash: "h", version: 3, languages: ["it"], chapters: 12, questions: 41,
            changes: ReloadReport.Changes(questionsRemoved: ["ch5-q4"]), errors: [])
        let decoded = try #require(ReloadReport.decode(stored: ContentHost.json(report)))
        #expect(decoded.changes == report.changes && decoded.version == 3 && decoded.questions == 41)
        let older =
            #"{"outcome":"loaded","content_hash":"h","languages":["it"],"chapters":1,"questions":2,"changes":{"sections_added":["ch1"]},"errors":[]}"#
        #expect(ReloadReport.decode(stored: older)?.changes?.sectionsAdded == ["ch1"])
        #expect(ReloadReport.decode(stored: "not json") == nil)
    }

    @Test func theBackupDirectoryComesFromTheFlagTheEnvironmentOrTheDatabasesDirectory() throws {
        let parser = CommandLineParser(environment: ["FOLIO_BACKUP_DIR": "/var/backups/folio"])
        guard case .serve(let fromEnvironment) = try parser.parse(["serve", "--db", "/data/folio.sqlite"]) else {
            Issue.record("not a serve command")
            return
        }
        #expect(fromEnvironment.backupDirectoryResolved == "/var/backups/folio")
        guard case .serve(let fromFlag) = try parser.parse(["serve", "--backup-dir", "/srv/b"]) else {
            Issue.record("not a serve command")
            return
        }
        #expect(fromFlag.backupDirectoryResolved == "/srv/b")
        guard
            case .serve(let byDefault) = try CommandLineParser(environment: [:]).parse([
                "serve", "--db", "/data/folio.sqlite",
            ])
        else {
            Issue.record("not a serve command")
            return
        }
        #expect(byDefault.backupDirectoryResolved == "/data")
    }
}
