import Foundation
import HTTP

@testable import App

/// A real Folio on 127.0.0.1 with an ephemeral port, a fresh SQLite file in a temp directory, and the
/// repository's Content, Public and Migrations (or a copy of Content the test may edit).
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
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.port = 0
        configuration.databasePath = directory.appendingPathComponent("folio.sqlite").path
        configuration.contentDirectory = Self.repositoryRoot.appendingPathComponent("Content").path
        configuration.publicDirectory = Self.repositoryRoot.appendingPathComponent("Public").path
        configuration.migrationsDirectory = Self.repositoryRoot.appendingPathComponent("Migrations").path
        configuration.adminToken = Self.adminToken
        configuration.eventLoops = 2
        configuration.accessLog = false
        if copyContent {
            let copy = directory.appendingPathComponent("Content")
            // Resolved first: copying a symlinked Content/ would copy the link, and the test would edit the original.
            let original = URL(fileURLWithPath: configuration.contentDirectory).resolvingSymlinksInPath()
            try FileManager.default.copyItem(atPath: original.path, toPath: copy.path)
            configuration.contentDirectory = copy.path
        }
        configure(&configuration)
        application = try Application.start(configuration)
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
