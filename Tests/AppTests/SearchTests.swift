import Foundation
import Grading
import Stemming
import Testing

@testable import App

/// Search over the real course: Simplified → Traditional folding, stems for inflections, paging with the true count.
@Suite struct SearchTests {
    static func path(_ language: String, _ query: String, extra: String = "") -> String {
        "/api/v1/\(language)/search?q=" + (query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            + extra
    }

    /// The marked words of every result of one page.
    static func marked(_ json: [String: Any]) -> [String] {
        let results = (json["results"] as? [[String: Any]]) ?? []
        return results.flatMap { ($0["parts"] as? [[String: Any]]) ?? [] }
            .filter { $0["match"] as? Bool == true }.compactMap { $0["text"] as? String }
    }

    @Test func simplifiedFindsTraditionalAsOftenAsTraditionalDoes() async throws {
        let server = try TestApp()
        let client = server.client()
        let traditional = try await client.perform("GET", Self.path("zh-Hant", "寬度")).json()
        let simplified = try await client.perform("GET", Self.path("zh-Hant", "宽度")).json()
        let traditionalTotal = try #require(traditional["total"] as? Int)
        let simplifiedTotal = try #require(simplified["total"] as? Int)
        #expect(traditionalTotal > 1)
        #expect(simplifiedTotal >= traditionalTotal)
        #expect(Self.marked(simplified).contains("寬度"))
        await server.stop()
    }

    /// The tokenizer's fast path for ideographs converts as `fold` (which snippets use) does.
    @Test func hanFoldingAgreesBetweenTheFastPathAndFold() throws {
        let keys = TestServer.repositoryRoot.appendingPathComponent("Content/keys")
        let han = try #require(try AnswerKeyBook.load(from: keys).simplifiedToTraditional(in: "zh-Hant"))
        var folder = SearchText(languageTag: "zh-Hant", han: han)
        #expect(folder.fold("宽") == "寬")
        #expect(folder.runs("宽度 A").map(\.text) == ["寬度", "a"])
        let url = TestServer.repositoryRoot.appendingPathComponent("Content/zh-Hant.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        let folded = text.map { folder.fold($0) }.joined()
        var plain = SearchText(languageTag: "zh-Hant")
        #expect(folder.runs(text).map(\.text) == plain.runs(folded).map(\.text))
    }

    @Test func inflectedItalianFindsTheOtherFormsAndMarksThem() async throws {
        let server = try TestApp()
        let client = server.client()
        let singular = try await client.perform("GET", Self.path("it", "larghezza", extra: "&limit=50")).json()
        let plural = try await client.perform("GET", Self.path("it", "larghezze", extra: "&limit=50")).json()
        let singularTotal = try #require(singular["total"] as? Int)
        let pluralTotal = try #require(plural["total"] as? Int)
        #expect(singularTotal > 2)
        #expect(pluralTotal * 2 >= singularTotal)
        let marks = Self.marked(plural).map { $0.lowercased() }
        #expect(marks.contains("larghezza"))
        // Exact matches come first: the first result marks the word as typed.
        let results = try #require(plural["results"] as? [[String: Any]])
        let first = ((results.first?["parts"] as? [[String: Any]]) ?? [])
            .filter { $0["match"] as? Bool == true }.compactMap { ($0["text"] as? String)?.lowercased() }
        #expect(first.contains("larghezze"))
        let exactCount = results.prefix { result in
            ((result["parts"] as? [[String: Any]]) ?? []).contains {
                $0["match"] as? Bool == true && ($0["text"] as? String)?.lowercased() == "larghezze"
            }
        }.count
        #expect(exactCount >= 1)
        await server.stop()
    }

    @Test func turkishCaseRulesComeBeforeStemming() throws {
        let stemmer = try Stemmer(algorithm: "turkish")
        var folder = SearchText(languageTag: "tr")
        var stems = SearchStems(stemmer: stemmer, languageTag: "tr")
        let lower = stems.stem("kapıları", folder: &folder)
        #expect(stems.stem("KAPILARI", folder: &folder) == lower)
        #expect(stems.stem("İSTANBUL'DA", folder: &folder) == stems.stem("istanbul", folder: &folder))
        // One Snowball pass leaves `ekranları` at `ekran` but takes `ekran` to `ekra`; repeated, they meet.
        #expect(stems.stem("ekranları", folder: &folder) == stems.stem("ekran", folder: &folder))
        #expect(stems.stem("kullanıcılar", folder: &folder) == stems.stem("kullanıcı", folder: &folder))
        // Without Turkish rules `I` would become `i`, a different word to the stemmer.
        #expect(stemmer.stem("kapilari") != stemmer.stem("kapıları"))
    }

    @Test func pagesCarryTheTrueTotalAndACursorToTheNextPage() async throws {
        let server = try TestApp()
        let client = server.client()
        var cursor: String?
        var seen: [String] = []
        var total = 0
        var pages = 0
        repeat {
            let extra = "&limit=20" + (cursor.map { "&cursor=" + $0 } ?? "")
            let page = try await client.perform("GET", Self.path("it", "layout", extra: extra)).json()
            total = try #require(page["total"] as? Int)
            #expect(page["offset"] as? Int == seen.count)
            let results = try #require(page["results"] as? [[String: Any]])
            seen += results.map { "\($0["url"] ?? "")|\($0["snippet"] ?? "")" }
            cursor = page["next_cursor"] as? String
            #expect((cursor == nil) == (seen.count == total))
            pages += 1
        } while cursor != nil && pages < 20
        #expect(total > 30)
        #expect(seen.count == total)
        let bad = try await client.perform("GET", Self.path("it", "layout", extra: "&cursor=nope"))
        #expect(bad.status == 400)
        await server.stop()
    }

    @Test func theSearchPageShowsTheTrueCountAndLinksTheNextAndPreviousPages() async throws {
        let server = try TestApp()
        let client = server.client()
        let total = try #require(
            try await client.perform("GET", Self.path("it", "layout")).json()["total"] as? Int)
        let first = try await client.perform("GET", "/it/search?q=layout")
        #expect(first.status == 200)
        #expect(first.text.contains("Risultati 1–20 di \(total)"))
        #expect(first.text.contains(#"rel="next" href="/it/search?q=layout&amp;page=2""#))
        #expect(!first.text.contains(#"rel="prev""#))
        let second = try await client.perform("GET", "/it/search?q=layout&page=2")
        #expect(second.text.contains("Risultati 21–"))
        #expect(second.text.contains(#"start="21""#))
        #expect(second.text.contains(#"rel="prev" href="/it/search?q=layout&amp;page=1""#))
        #expect(second.text.contains("<mark>"))
        await server.stop()
    }
}
