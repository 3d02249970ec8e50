import Foundation
import Testing

@testable import App

@Suite struct MarkReadTests {
    static let formHeader = ("Content-Type", "application/x-www-form-urlencoded")

    @Test func theFormAtAChaptersEndMarksItReadWithoutJavaScript() async throws {
        let server = try TestApp()
        let browser = server.client()
        let before = try await browser.perform("GET", "/it/chapters/3").text
        #expect(before.contains("action=\"/it/chapters/3/read\""))
        let response = try await browser.perform(
            "POST", "/it/chapters/3/read", headers: [Self.formHeader, ("Sec-Fetch-Site", "same-origin")])
        #expect(response.status == 303)
        #expect(response.header("Location") == "/it/chapters/3#chapter-end")
        #expect(browser.cookies[LearnerIdentity.cookieName] != nil, "a learner is made on first need")
        let after = try await browser.perform("GET", "/it/chapters/3").text
        #expect(after.contains("class=\"chapter-read\""))
        #expect(!after.contains("action=\"/it/chapters/3/read\""))
        let progress = try await browser.perform("GET", "/api/v1/me/progress").json()
        let sections = try #require(progress["chapters"] as? [[String: Any]])
        let chapter3 = try #require(sections.first { $0["section"] as? String == "ch3" })
        #expect(chapter3["read"] as? Bool == true)
        await server.stop()
    }

    @Test func crossSiteAndUnknownChaptersAreRefused() async throws {
        let server = try TestApp()
        let browser = server.client()
        let crossSite = try await browser.perform(
            "POST", "/it/chapters/3/read", headers: [Self.formHeader, ("Sec-Fetch-Site", "cross-site")])
        #expect(crossSite.status == 403)
        #expect(crossSite.header("Set-Cookie") == nil)
        let foreign = try await browser.perform(
            "POST", "/it/chapters/3/read", headers: [Self.formHeader, ("Origin", "https://evil.example")])
        #expect(foreign.status == 403)
        for path in ["/it/chapters/12/read", "/it/chapters/x/read", "/xx/chapters/3/read"] {
            #expect(try await browser.perform("POST", path, headers: [Self.formHeader]).status == 404, "\(path)")
        }
        await server.stop()
    }
}
