import Foundation
import Testing

@testable import Views

/// Golden pages: the whole markup of small fixture pages, so any change to it shows up in review as a diff.
///
/// After an intended change, rewrite them with `FOLIO_UPDATE_SNAPSHOTS=1 swift test --filter SnapshotTests`.
struct SnapshotTests {
    static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/ViewsTests/Snapshots")

    static func pages() throws -> [(String, String)] {
        let learner = LearnerState(
            sections: [.chapter(3): SectionProgress(read: true, questionsPassed: 1, questionsTotal: 4, score: 0.25)],
            attempts: ["ch3-q1": [Fixtures.attempt]],
            results: ["ch3-q1": Fixtures.grade]
        )
        let page = ChapterPage(chapter: Fixtures.chapter(), context: try Fixtures.context("it")).render()
        return [
            ("chapter-anonymous.html", page.string()),
            ("chapter-learner.html", page.string(for: learner)),
        ]
    }

    @Test(arguments: ["chapter-anonymous.html", "chapter-learner.html"])
    func pageMatchesItsGoldenFile(name: String) throws {
        let rendered = try #require(try Self.pages().first { $0.0 == name }?.1)
        // One element per line keeps the golden files reviewable; the pages themselves are not reformatted.
        let readable = rendered.replacingOccurrences(of: "><", with: ">\n<") + "\n"
        let url = Self.folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["FOLIO_UPDATE_SNAPSHOTS"] != nil {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(readable.utf8).write(to: url)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(readable == golden, "\(name) differs from its golden file")
    }
}
