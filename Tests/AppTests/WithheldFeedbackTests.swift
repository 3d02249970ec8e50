import Foundation
import Testing

@testable import App

/// Under `--reveal after-tries`, a wrong try gets feedback that names no answer; once the reference is the
/// learner's, the feedback may name it.
@Suite struct WithheldFeedbackTests {
    @Test(arguments: [
        ("ch0-q1", "di lato", "in alto e in basso"),
        ("ch0-q3", "sì, diventa un'app per iPad", "No"),
        ("ch0-q2", "sei", "1"),
    ])
    func aWrongTryDoesNotHandOverTheAnswer(question: String, wrong: String, answer: String) async throws {
        let server = try TestApp()
        let client = server.client()
        let response = try await client.perform(
            "POST", "/api/v1/it/checkpoints/\(question)/attempts", json: ["answer": wrong])
        #expect(response.status == 200)
        let json = try response.json()
        #expect(json["verdict"] as? String == "incorrect")
        #expect(json["reference"] is NSNull)
        let feedback = try #require(json["feedback"] as? String)
        #expect(!feedback.contains("«"), "\(feedback)")
        #expect(!feedback.contains(" \(answer).") && !feedback.contains(" \(answer) "), "\(feedback)")
        let missing = try #require(json["missing"] as? [String])
        #expect(!missing.contains(answer), "\(missing)")
        // The no-JavaScript result region says the same.
        let page = try await client.perform("GET", "/it/chapters/0").text
        #expect(!page.contains("la risposta giusta è «\(answer)»"))
        await server.stop()
    }

    @Test func onceTheReferenceIsEarnedTheFeedbackMayNameTheAnswer() async throws {
        let server = try TestApp()
        let client = server.client()
        let reveal = try await client.perform("POST", "/api/v1/it/checkpoints/ch0-q1/reveal", json: [String: String]())
        #expect(reveal.status == 200)
        let response = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "di lato"])
        let json = try response.json()
        #expect(json["reference"] is String)
        #expect((json["feedback"] as? String)?.contains("in alto e in basso") == true)
        await server.stop()
    }
}
