import Foundation
import Testing

@testable import App

@Suite struct CourseAPITests {
    @Test func healthReportsDatabaseAndVersion() async throws {
        let server = try TestApp()
        let response = try await server.client().perform("GET", "/healthz")
        #expect(response.status == 200)
        let json = try response.json()
        #expect(json["status"] as? String == "ok")
        #expect(json["database"] as? String == "ok")
        #expect(json["version"] as? String == FolioVersion.current)
        await server.stop()
    }

    @Test func languagesAreListedInDocumentOrder() async throws {
        let server = try TestApp()
        let json = try await server.client().perform("GET", "/api/v1/languages").json()
        let languages = try #require(json["languages"] as? [[String: Any]])
        #expect(languages.compactMap { $0["code"] as? String } == ["it", "es", "tr", "zh-Hant", "ja"])
        #expect(languages.compactMap { $0["name"] as? String } == ["Italiano", "Español", "Türkçe", "繁體中文", "日本語"])
        #expect(languages.first?["title"] as? String == "Progettare per iPhone Duo, dal layout al codice")
        await server.stop()
    }

    @Test(arguments: ["it", "es", "tr", "zh-Hant", "ja"])
    func everyLanguageHasTwelveChaptersWithQuestionsAndNoAnswers(language: String) async throws {
        let server = try TestApp()
        let client = server.client()
        let list = try await client.perform("GET", "/api/v1/\(language)/chapters").json()
        let chapters = try #require(list["chapters"] as? [[String: Any]])
        #expect(chapters.compactMap { $0["number"] as? Int } == Array(0...11))
        #expect(chapters.compactMap { $0["questions"] as? Int }.reduce(0, +) == 37)
        let chapter = try await client.perform("GET", "/api/v1/\(language)/chapters/5").json()
        #expect(chapter["language"] as? String == language)
        let questions = try #require(chapter["questions"] as? [[String: Any]])
        #expect(questions.compactMap { $0["id"] as? String } == ["ch5-q1", "ch5-q2", "ch5-q3", "ch5-q4"])
        #expect(questions.allSatisfy { $0["kind"] is String })
        let blocks = try #require(chapter["blocks"] as? [[String: Any]])
        #expect(blocks.contains { $0["type"] as? String == "code" })
        let practice = try await client.perform("GET", "/api/v1/\(language)/practice").json()
        #expect((practice["questions"] as? [[String: Any]])?.count == 4)
        let reference = server.services.content.snapshot.question("ch5-q1", in: language)?.reference ?? "?"
        let chapterText = try await client.perform("GET", "/api/v1/\(language)/chapters/5").text
        #expect(!chapterText.contains(reference))
        await server.stop()
    }

    @Test(arguments: [
        "/api/v1/xx/chapters", "/api/v1/it/chapters/12", "/api/v1/it/chapters/-1", "/api/v1/it/chapters/abc",
        "/api/v1/it/nothing", "/api/v1/klingon/appendix",
    ])
    func unknownThingsAreJSONNotFound(path: String) async throws {
        let server = try TestApp()
        let response = try await server.client().perform("GET", path)
        #expect(response.status == 404)
        #expect(response.header("Content-Type") == "application/json")
        let error = try #require(try response.json()["error"] as? [String: Any])
        #expect(error["code"] as? String == "not_found")
        #expect((error["message"] as? String)?.isEmpty == false)
        await server.stop()
    }

    @Test func chapterJSONIsServedGzipWithETagAndNotModified() async throws {
        let server = try TestApp()
        let client = server.client()
        let first = try await client.perform("GET", "/api/v1/it/chapters/3", headers: [("Accept-Encoding", "gzip")])
        #expect(first.status == 200)
        #expect(first.header("Content-Encoding") == "gzip")
        let etag = try #require(first.header("ETag"))
        let second = try await client.perform(
            "GET", "/api/v1/it/chapters/3", headers: [("Accept-Encoding", "gzip"), ("If-None-Match", etag)])
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
        await server.stop()
    }

    @Test(arguments: [
        ("it", "perche", "Perché"), ("zh-Hant", "摺痕", "摺痕"), ("zh-Hant", "鉸鏈", "鉸鏈"), ("tr", "ic ekran", "iç"),
    ])
    func searchFindsWordsWithoutAccentsAndShortCJKWords(language: String, query: String, expected: String) async throws
    {
        let server = try TestApp()
        let path =
            "/api/v1/\(language)/search?q=" + (query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let json = try await server.client().perform("GET", path).json()
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        let marked = results.flatMap { ($0["parts"] as? [[String: Any]]) ?? [] }
            .filter { $0["match"] as? Bool == true }.compactMap { $0["text"] as? String }
        #expect(marked.contains { $0.lowercased() == expected.lowercased() || $0.contains(expected) })
        await server.stop()
    }
}
