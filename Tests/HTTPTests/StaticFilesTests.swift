import Foundation
import Testing

@testable import HTTP

/// A temporary static root with an outside secret and a symlink to it.
struct StaticFixture {
    let directory: URL
    let root: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString)")
        root = directory.appendingPathComponent("Public")
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("css"), withIntermediateDirectories: true)
        try Data(String(repeating: "body { color: #123; }\n", count: 100).utf8)
            .write(to: root.appendingPathComponent("css/site.css"))
        try Data("<!doctype html><title>Home</title>".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: root.appendingPathComponent("logo.png"))
        try Data("hidden".utf8).write(to: root.appendingPathComponent(".env"))
        try Data("top secret".utf8).write(to: directory.appendingPathComponent("secret.txt"))
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("escape.txt").path, withDestinationPath: "../secret.txt")
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("outside").path, withDestinationPath: directory.path)
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("alias.css").path, withDestinationPath: "css/site.css")
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

@Suite struct StaticFilesTests {
    private func get(_ files: StaticFiles, _ remainder: String, headers: Headers = Headers()) throws -> Response {
        var request = try Request(method: .get, target: "/static/x", headers: headers)
        request.parameters = {
            var parameters = PathParameters()
            parameters.append("*", remainder)
            return parameters
        }()
        return try files.respond(to: request)
    }

    private func status(_ files: StaticFiles, _ remainder: String) -> Int {
        do {
            return try get(files, remainder).status.code
        } catch let error as HTTPError {
            return error.status.code
        } catch {
            return -1
        }
    }

    @Test func servesFileWithTypeETagAndCacheControl() throws {
        let fixture = try StaticFixture()
        defer { fixture.remove() }
        let response = try get(StaticFiles(root: fixture.root.path), "css/site.css")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(response.headers["Cache-Control"] == "public, max-age=300")
        #expect(response.headers["ETag"]?.hasPrefix("\"") == true)
        #expect(response.headers["Vary"] == "Accept-Encoding")
        #expect(response.body.count == 2200)
    }

    @Test(arguments: [
        ("logo.png", "image/png"), ("", "text/html; charset=utf-8"), ("alias.css", "text/css; charset=utf-8"),
    ])
    func picksMediaTypeAndIndex(path: String, type: String) throws {
        let fixture = try StaticFixture()
        defer { fixture.remove() }
        #expect(try get(StaticFiles(root: fixture.root.path), path).headers["Content-Type"] == type)
    }

    @Test func answers304ForMatchingETag() throws {
        let fixture = try StaticFixture()
        defer { fixture.remove() }
        let files = try StaticFiles(root: fixture.root.path)
        let etag = try #require(try get(files, "css/site.css").headers["ETag"])
        let revalidated = try get(files, "css/site.css", headers: ["If-None-Match": "\"other\", W/\(etag)"])
        #expect(revalidated.status == .notModified)
        #expect(revalidated.body.isEmpty)
        #expect(revalidated.headers["ETag"] == etag)
        #expect(try get(files, "css/site.css", headers: ["If-None-Match": "\"stale\""]).status == .ok)
    }

    @Test func gzipVariantWhenAcceptedWithItsOwnETag() throws {
        let fixture = try StaticFixture()
        defer { fixture.remove() }
        let files = try StaticFiles(root: fixture.root.path)
        let plain = try get(files, "css/site.css")
        let compressed = try get(files, "css/site.css", headers: ["Accept-Encoding": "br, gzip;q=0.8"])
        #expect(compressed.headers["Content-Encoding"] == "gzip")
        #expect(compressed.headers["ETag"] != plain.headers["ETag"])
        #expect(try Gzip.decompress(compressed.body) == plain.body)
        #expect(
            try get(files, "css/site.css", headers: ["Accept-Encoding": "gzip;q=0"]).headers["Content-Encoding"] == nil)
        #expect(try get(files, "logo.png", headers: ["Accept-Encoding": "gzip"]).headers["Content-Encoding"] == nil)
    }

    @Test(arguments: [
        ("../secret.txt", 400), ("css/../../secret.txt", 400), ("%2e%2e/secret.txt", 400), ("css%2fsite.css", 400),
        ("..\\secret.txt", 400), ("css/\u{0}site.css", 400), (".env", 400), ("escape.txt", 404),
        ("outside/secret.txt", 404), ("missing.css", 404), ("css", 404), ("css//site.css", 400),
    ])
    func refusesEscapesAndMissingFiles(path: String, expected: Int) throws {
        let fixture = try StaticFixture()
        defer { fixture.remove() }
        #expect(status(try StaticFiles(root: fixture.root.path), path) == expected, "\(path)")
    }

    @Test func revalidatesChangedFiles() throws {
        let fixture = try StaticFixture()
        defer { fixture.remove() }
        let files = try StaticFiles(root: fixture.root.path, revalidationInterval: .zero)
        let before = try get(files, "index.html")
        try Data("<!doctype html><title>Changed page</title>".utf8).write(
            to: fixture.root.appendingPathComponent("index.html"))
        let after = try get(files, "index.html")
        #expect(String(decoding: after.body, as: UTF8.self).contains("Changed page"))
        #expect(after.headers["ETag"] != before.headers["ETag"])
    }

    @Test func rootMustBeADirectory() {
        #expect(throws: HTTPError.self) { try StaticFiles(root: "/definitely/not/here") }
    }
}
