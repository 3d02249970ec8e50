import Foundation

@testable import App

/// The repository's `Content/` loaded once per test process and shared by every test server and app.
///
/// Loading it (read, hash, parse, validate, render every page, build the search indexes) was most of a
/// server's start-up, and every App test started one or more; the snapshot is immutable, so servers over
/// the same files can share it. A server over other files (an edited copy, a broken fixture) loads its own.
enum SharedContent {
    static let directory = TestServer.repositoryRoot.appendingPathComponent("Content").path

    private static let loaded = Result<ContentSnapshot, any Error> { try ContentLoader.load(directory: directory) }

    /// `folio check-content` over the repository's content, run once (it loads and checks every file).
    static let checkContent: (text: String, passed: Bool) = CheckContentCommand.run(directory: directory)

    /// The repository's content, as `ContentLoader.load` gave it (once).
    static func repository() throws -> ContentSnapshot {
        try loaded.get()
    }

    /// The shared snapshot when `configuration` serves the repository's content or `pristineCopy` (a copy of
    /// it made for this test and not edited yet); `nil` when the server must load its directory itself.
    static func snapshot(for configuration: Configuration, pristineCopy: String?) throws -> ContentSnapshot? {
        let serves = configuration.contentDirectory
        guard serves == directory || (pristineCopy != nil && serves == pristineCopy) else { return nil }
        return try repository()
    }
}
