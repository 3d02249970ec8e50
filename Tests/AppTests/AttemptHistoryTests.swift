import Foundation
import Testing

@testable import App

@Suite struct AttemptHistoryTests {
    @Test func theChapterPageNamesAChosenOptionByItsLabelNotItsID() async throws {
        let server = try TestApp()
        let client = server.client()
        let answer = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["choice": "sides"])
        #expect(answer.status == 200)
        let page = try await client.perform("GET", "/it/chapters/0").text
        #expect(page.contains("Scelta: di lato"))
        #expect(!page.contains("Scelta: sides"))
        await server.stop()
    }
}
