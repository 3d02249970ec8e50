import Foundation
import HTTP

@testable import App

/// A real Folio on 127.0.0.1 with an ephemeral port, a fresh SQLite file in a temp directory, and the
/// repository's Content, Public and Migrations (or a copy of Content the test may edit).
///
/// For what only sockets show: framing, keep-alive, pipelining, timeouts, shutdown, the access log, load.
/// Route logic is tested in-process through `TestApp`, which has the same API.
final class TestServer: @unchecked Sendable {  // set once in init, then only read
    static let adminToken = "test-admin-token-0123456789abcdef"
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    let directory: URL
    let application: Application
    var port: Int { application.port }
    var services: Services { application.services }
    var databasePath: String { directory.appendingPathComponent("folio.sqlite").path }
    var contentDirectory: String { application.configuration.contentDirectory }

    /// Starts a server; with `copyContent` the content directory is a private copy the test may change.
    init(copyContent: Bool = false, configure: (inout Configuration) -> Void = { _ in }) throws {
        directory = try Self.makeDirectory()
        var configuration = try Self.configuration(in: directory, copyContent: copyContent)
        configure(&configuration)
        let copy = copyContent ? directory.appendingPathComponent("Content").path : nil
        application = try Application.start(
            configuration, preloaded: SharedContent.snapshot(for: configuration, pristineCopy: copy))
    }

    /// A fresh temporary directory for one test's database (and content copy).
    static func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The configuration every test server starts from: port 0, `folio.sqlite` in `directory`, the
    /// repository's Content (or, with `copyContent`, a copy of it in `directory`), Public and Migrations.
    static func configuration(in directory: URL, copyContent: Bool) throws -> Configuration {
        var configuration = Configuration()
        configuration.port = 0
        configuration.databasePath = directory.appendingPathComponent("folio.sqlite").path
        configuration.contentDirectory = repositoryRoot.appendingPathComponent("Content").path
        configuration.publicDirectory = repositoryRoot.appendingPathComponent("Public").path
        configuration.migrationsDirectory = repositoryRoot.appendingPathComponent("Migrations").path
        configuration.adminToken = adminToken
        configuration.eventLoops = 2
        configuration.accessLog = false
        if copyContent {
            let copy = directory.appendingPathComponent("Content")
            // Resolved first: copying a symlinked Content/ would copy the link, and the test would edit the original.
            let original = URL(fileURLWithPath: configuration.contentDirectory).resolvingSymlinksInPath()
            try FileManager.default.copyItem(atPath: original.path, toPath: copy.path)
            configuration.contentDirectory = copy.path
        }
        return configuration
    }

    func stop() async {
        await application.shutdown(gracePeriod: .seconds(2))
        try? FileManager.default.removeItem(at: directory)
    }

    /// A new client connection (its own cookie jar).
    func client() -> TestClient {
        TestClient(port: port)
    }
}
