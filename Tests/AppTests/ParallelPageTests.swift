import Foundation
import HTTP
import Testing

@testable import App

/// `/{lang}/chapters/{n}?with={other}`: prepared once per snapshot, then served from memory like a chapter page.
@Suite struct ParallelPageTests {
    @Test func parallelPageIsPreparedOnceAndServedWithItsETag() async throws {
        let server = try TestApp()
        let client = server.client()
        let language = try #require(server.services.content.snapshot.language("it"))
        #expect(language.parallelPages.prepared(chapter: 1, with: "ja") == nil)

        let first = try await client.perform("GET", "/it/chapters/1?with=ja")
        #expect(first.status == 200)
        #expect(first.text.contains(#"lang="ja""#))
        #expect(first.header("Set-Cookie")?.hasPrefix("folio_lang=it;") == true)
        let etag = try #require(first.header("ETag"))
        let prepared = try #require(language.parallelPages.prepared(chapter: 1, with: "ja"))
        #expect(prepared.etag == etag)

        let second = try await client.perform("GET", "/it/chapters/1?with=ja")
        #expect(second.body == first.body)
        #expect(second.header("ETag") == etag)
        #expect(language.parallelPages.prepared(chapter: 1, with: "ja") === prepared)
        let unchanged = try await client.perform("GET", "/it/chapters/1?with=ja", headers: [("If-None-Match", etag)])
        #expect(unchanged.status == 304)
        let gzip = try await client.perform("GET", "/it/chapters/1?with=ja", headers: [("Accept-Encoding", "gzip")])
        #expect(gzip.header("Content-Encoding") == "gzip")

        // The pair the other way round is its own page; the same language is the plain chapter.
        #expect(language.parallelPages.prepared(chapter: 1, with: "es") == nil)
        let reversed = try await client.perform("GET", "/ja/chapters/1?with=it")
        #expect(reversed.status == 200)
        #expect(reversed.header("ETag") != etag)
        let plain = try await client.perform("GET", "/it/chapters/1")
        let same = try await client.perform("GET", "/it/chapters/1?with=it")
        #expect(same.body == plain.body)

        #expect(try await client.perform("GET", "/it/chapters/1?with=xx").status == 404)
        #expect(try await client.perform("GET", "/it/chapters/99?with=ja").status == 404)
        await server.stop()
    }

    @Test func reloadStartsAnEmptyCache() async throws {
        let server = try TestApp()
        let client = server.client()
        _ = try await client.perform("GET", "/es/chapters/2?with=tr")
        let before = try #require(server.services.content.snapshot.language("es"))
        #expect(before.parallelPages.prepared(chapter: 2, with: "tr") != nil)
        let reload = try await client.perform(
            "POST", "/admin/reload", headers: [("Authorization", "Bearer \(TestServer.adminToken)")])
        #expect(reload.status == 200)
        let after = try #require(server.services.content.snapshot.language("es"))
        #expect(after !== before)
        #expect(after.parallelPages.prepared(chapter: 2, with: "tr") == nil)
        #expect(try await client.perform("GET", "/es/chapters/2?with=tr").status == 200)
        await server.stop()
    }
}
