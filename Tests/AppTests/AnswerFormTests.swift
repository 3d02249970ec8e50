import Foundation
import Testing

@testable import App

/// The checkpoint form without JavaScript: what comes back when an answer is refused, and choices that can be
/// taken back.
@Suite struct AnswerFormTests {
    @Test func anEmptyAnswerReturnsToTheQuestionWithItsMessageAndTheTypedText() async throws {
        let server = try TestApp()
        let browser = server.client()
        let response = try await AdminTestSupport.post(
            browser, "/it/checkpoints/ch0-q1/attempts", [("answer", "   "), ("choice", "")])
        #expect(response.status == 422)
        #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
        let html = response.text
        #expect(
            html.contains(
                "<p class=\"form-message form-error\" id=\"ch0-q1-error\">Scrivi una risposta o scegli un&#39;opzione.</p>"
            ))
        let start = try #require(html.range(of: "<textarea id=\"ch0-q1-answer\""))
        let end = try #require(html.range(of: ">", range: start.upperBound..<html.endIndex))
        let textarea = String(html[start.lowerBound..<end.upperBound])
        #expect(textarea.contains("autofocus") && textarea.contains("aria-invalid=\"true\""))
        #expect(textarea.contains("aria-describedby=\"ch0-q1-error\""))
        #expect(html.contains("id=\"ch0-q1-answer\"") && html.contains(">   </textarea>"), "the typed text is kept")
        #expect(!html.contains("ch0-q2-error"), "only the refused question carries the message")
        #expect(browser.cookies[LearnerIdentity.cookieName] == nil, "nothing was stored, no learner was made")
        await server.stop()
    }

    @Test func theNoChoiceOptionSendsTheTextAlone() async throws {
        let server = try TestApp()
        let browser = server.client()
        let page = try await browser.perform("GET", "/it/chapters/0").text
        #expect(page.contains("id=\"ch0-q1-option-none\" name=\"choice\" value=\"\" checked"))
        #expect(page.contains("Perché? (facoltativo)"), "on a choice question the text is an optional why")
        let response = try await AdminTestSupport.post(
            browser, "/it/checkpoints/ch0-q1/attempts", [("answer", "in alto e in basso"), ("choice", "")])
        #expect(response.status == 303)
        let attempts = try await browser.perform("GET", "/api/v1/me/attempts").json()
        let first = try #require((attempts["attempts"] as? [[String: Any]])?.first)
        #expect(first["choice"] is NSNull)
        #expect(first["verdict"] as? String == "correct")
        await server.stop()
    }
}
