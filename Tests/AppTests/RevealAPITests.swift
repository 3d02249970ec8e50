import Foundation
import SQLite
import Testing
import Views

@testable import App

/// Issue 13 end to end: references earned not given, "Show the answer", the appendix that follows the same
/// rule, and the scores that say what the learner knew.
@Suite struct RevealAPITests {
    static let form = ("Content-Type", "application/x-www-form-urlencoded")

    func scoreRow(_ client: TestClient, learner: Int64, question: String) async throws -> [String: Any] {
        let json = try await client.perform("GET", "/api/v1/learners/\(learner)/scores", bearer: TestServer.adminToken)
            .json()
        let rows = json["scores"] as? [[String: Any]] ?? []
        return try #require(rows.first { $0["question"] as? String == question })
    }

    func chapterZeroAnswer(_ server: TestApp) throws -> (text: String, questions: [String]) {
        let course = try #require(server.services.content.snapshot.language("it")?.course)
        let chapter = try #require(course.chapters.first { $0.number == 0 })
        return (chapter.answer.text, chapter.questions.map(\.id))
    }

    /// A question's own reference: the sentence(s) of the chapter's answer that answer it.
    func reference(_ server: TestApp, _ question: String) throws -> String {
        try #require(server.services.content.snapshot.reference(for: question, language: "it"))
    }

    @Test func theReferenceIsEarnedAndTheRetryIsPenalised() async throws {
        let server = try TestApp()
        let client = server.client()
        let learner = try await client.createLearner("Ada")
        let wrong = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "Di lato"], bearer: learner.token)
        #expect(wrong.status == 200)
        #expect(wrong.text.contains("\"reference\":null"))
        let appendix = try await client.perform("GET", "/api/v1/it/appendix", bearer: learner.token).json()
        let answers = try #require(appendix["answers"] as? [[String: Any]])
        let first = try #require(answers.first { $0["chapter"] as? Int == 0 })
        #expect(first["text"] is NSNull)
        #expect(first["hidden"] as? Bool == true)
        let (answerText, questions) = try chapterZeroAnswer(server)
        #expect(!appendix.description.contains(answerText))

        let right = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "In alto e in basso"],
            bearer: learner.token)
        #expect(try right.json()["verdict"] as? String == "correct")
        let reference = try reference(server, "ch0-q1")
        #expect(try right.json()["reference"] as? String == reference)
        #expect(answerText.contains(reference) && reference.count < answerText.count, "its own sentence, not all")
        let row = try await scoreRow(client, learner: learner.id, question: "ch0-q1")
        #expect(row["first_score"] as? Double == 0)
        #expect(row["best_score"] as? Double == 1)
        #expect(row["attempts"] as? Int == 2)
        #expect((row["score"] as? Double ?? 1) <= 0.67)
        #expect((row["score"] as? Double ?? 0) > 0.66)
        #expect(row["revealed"] as? Bool == false)
        #expect(row["passed"] as? Bool == true)

        // The chapter's answers stay hidden until every one of its questions is earned, exhausted or revealed.
        let stillHidden = try await client.perform("GET", "/api/v1/it/appendix", bearer: learner.token).text
        #expect(!stillHidden.contains(answerText))
        for question in questions where question != "ch0-q1" {
            for _ in 0..<3 {
                _ = try await client.perform(
                    "POST", "/api/v1/it/checkpoints/\(question)/attempts", json: ["answer": "boh"],
                    bearer: learner.token)
            }
        }
        let shown = try await client.perform("GET", "/api/v1/it/appendix", bearer: learner.token).json()
        let shownAnswer = (shown["answers"] as? [[String: Any]])?.first { $0["chapter"] as? Int == 0 }
        #expect(shownAnswer?["text"] as? String == answerText)
        #expect(shownAnswer?["hidden"] as? Bool == false)
        let other = (shown["answers"] as? [[String: Any]])?.first { $0["chapter"] as? Int == 1 }
        #expect(other?["hidden"] as? Bool == true)

        let anonymous = try await server.client().perform("GET", "/api/v1/it/appendix").json()
        #expect((anonymous["answers"] as? [[String: Any]])?.allSatisfy { $0["text"] is NSNull } == true)
        await server.stop()
    }

    @Test func aRevealedAnswerEarnsNothingAndRevealingIsIdempotent() async throws {
        let server = try TestApp()
        let client = server.client()
        let learner = try await client.createLearner("Bob")
        let reveal = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/reveal", bearer: learner.token)
        #expect(reveal.status == 200)
        let body = try reveal.json()
        #expect(body["question"] as? String == "ch0-q1")
        #expect(body["reference"] as? String == (try reference(server, "ch0-q1")))
        let revealedAt = try #require(body["revealed_at"] as? String)
        let again = try await client.perform("POST", "/api/v1/it/checkpoints/ch0-q1/reveal", bearer: learner.token)
        #expect(try again.json()["revealed_at"] as? String == revealedAt)

        let right = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "In alto e in basso"],
            bearer: learner.token)
        #expect(try right.json()["verdict"] as? String == "correct")
        let row = try await scoreRow(client, learner: learner.id, question: "ch0-q1")
        #expect(row["revealed"] as? Bool == true)
        #expect(row["score"] as? Double == 0)
        #expect(row["passed"] as? Bool == false)
        #expect(row["best_score"] as? Double == 1)
        #expect(row["attempts"] as? Int == 1)

        let csv = try await client.perform("GET", "/api/v1/scores.csv", bearer: TestServer.adminToken).text
        #expect(csv.contains("last_attempt_at,first_score,score,revealed"))
        #expect(csv.contains(",ch0-q1,0,ch0,1.000,no,1,"))
        #expect(csv.contains(",1.000,0.000,yes"))

        let unknown = try await client.perform("POST", "/api/v1/it/checkpoints/ch99-q9/reveal", bearer: learner.token)
        #expect(unknown.status == 404)
        let unknownAttempt = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch99-q9/attempts", json: ["answer": "x"], bearer: learner.token)
        #expect(unknownAttempt.status == 404)

        // A reveal creates the learner on first need, as answering does.
        let stranger = server.client()
        let first = try await stranger.perform("POST", "/api/v1/it/checkpoints/ch1-q1/reveal")
        #expect(first.status == 200)
        #expect(stranger.cookies[LearnerIdentity.cookieName] != nil)
        await server.stop()
    }

    @Test func theFormsWorkWithoutJavaScriptAndTheProgressPageShowsTheReveal() async throws {
        let server = try TestApp()
        let browser = server.client()
        let (_, questions) = try chapterZeroAnswer(server)
        let escaped = HTMLEscaping.escape(try reference(server, "ch0-q2"))
        let page = try await browser.perform("GET", "/it/chapters/0")
        #expect(page.text.contains("action=\"/it/checkpoints/ch0-q2/reveal\""))
        #expect(!page.text.contains(escaped))

        let wrong = try await browser.perform(
            "POST", "/it/checkpoints/ch0-q2/attempts", headers: [Self.form], body: Array("answer=boh".utf8))
        #expect(wrong.status == 303)
        let afterWrong = try await browser.perform("GET", "/it/chapters/0")
        #expect(!afterWrong.text.contains(escaped), "no reference after one wrong try")
        #expect(afterWrong.text.contains("verdict-incorrect"))

        let revealed = try await browser.perform("POST", "/it/checkpoints/ch0-q2/reveal", headers: [Self.form])
        #expect(revealed.status == 303)
        #expect(revealed.header("Location") == "/it/chapters/0#ch0-q2")
        let afterReveal = try await browser.perform("GET", "/it/chapters/0")
        #expect(afterReveal.text.contains(escaped))
        #expect(!afterReveal.text.contains("action=\"/it/checkpoints/ch0-q2/reveal\""))
        #expect(afterReveal.text.contains("action=\"/it/checkpoints/ch0-q1/reveal\""))

        let appendix = try await browser.perform("GET", "/it/appendix")
        #expect(!appendix.text.contains(escaped))
        #expect(appendix.text.contains("action=\"/it/appendix/chapters/0/reveal\""))
        let chapterReveal = try await browser.perform(
            "POST", "/it/appendix/chapters/0/reveal", headers: [Self.form])
        #expect(chapterReveal.status == 303)
        #expect(chapterReveal.header("Location")?.hasPrefix("/it/appendix#appendix-answers") == true)
        let openAppendix = try await browser.perform("GET", "/it/appendix")
        #expect(openAppendix.text.contains(escaped))
        #expect(!openAppendix.text.contains("action=\"/it/appendix/chapters/0/reveal\""))
        #expect(openAppendix.text.contains("action=\"/it/appendix/chapters/1/reveal\""))

        let anonymous = try await server.client().perform("GET", "/it/appendix")
        #expect(!anonymous.text.contains(escaped))

        let progress = try await browser.perform("GET", "/it/progress")
        #expect(progress.text.contains("id=\"progress-ch0-q2\""))
        #expect(progress.text.contains("<td class=\"revealed\">Sì</td>"))
        #expect(progress.text.contains("Primo tentativo"))
        for question in questions {
            #expect(progress.text.contains("id=\"progress-\(question)\""), "every revealed question is listed")
        }
        let unknown = try await browser.perform("POST", "/it/appendix/chapters/99/reveal", headers: [Self.form])
        #expect(unknown.status == 404)
        await server.stop()
    }

    @Test func revealImmediatelyGivesTheReferenceAfterAWrongTry() async throws {
        let server = try TestApp { $0.scoring.reveal = .immediately }
        let client = server.client()
        let (answerText, _) = try chapterZeroAnswer(server)
        let wrong = try await client.perform("POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "boh"])
        #expect(try wrong.json()["reference"] as? String == (try reference(server, "ch0-q1")))
        let appendix = try await server.client().perform("GET", "/api/v1/it/appendix").json()
        #expect((appendix["answers"] as? [[String: Any]])?.allSatisfy { $0["hidden"] as? Bool == false } == true)
        let page = try await server.client().perform("GET", "/it/appendix")
        #expect(page.text.contains(HTMLEscaping.escape(answerText)))
        await server.stop()
    }

    @Test func revealNeverHidesEverything() async throws {
        let server = try TestApp { $0.scoring.reveal = .never }
        let client = server.client()
        let right = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "In alto e in basso"])
        #expect(try right.json()["verdict"] as? String == "correct")
        #expect(right.text.contains("\"reference\":null"))
        let reveal = try await client.perform("POST", "/api/v1/it/checkpoints/ch0-q1/reveal")
        #expect(reveal.status == 403)
        #expect(reveal.text.contains("reveal_disabled"))
        let page = try await server.client().perform("GET", "/it/chapters/0")
        #expect(!page.text.contains("reveal-form"))
        let appendix = try await server.client().perform("GET", "/it/appendix")
        #expect(!appendix.text.contains("chapter-reveal-form"))
        #expect(appendix.text.contains("Su questo sito le risposte non vengono mostrate."))
        await server.stop()
    }

    @Test func cohortProgressCarriesTheNewFields() async throws {
        let server = try TestApp()
        let client = server.client()
        let cohort = try await client.createCohort("Team")
        let ada = try await client.createLearner("Ada", cohortCode: cohort.joinCode)
        _ = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "boh"], bearer: ada.token)
        _ = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "In alto e in basso"], bearer: ada.token)
        _ = try await client.perform("POST", "/api/v1/it/checkpoints/ch0-q2/reveal", bearer: ada.token)
        let progress = try await client.perform(
            "GET", "/api/v1/cohorts/\(cohort.id)/progress", bearer: TestServer.adminToken
        ).json()
        let learner = try #require((progress["learners"] as? [[String: Any]])?.first)
        let chapter = try #require(
            (learner["chapters"] as? [[String: Any]])?.first { $0["section"] as? String == "ch0" })
        #expect(chapter["attempts"] as? Int == 2)
        #expect(chapter["revealed"] as? Int == 1)
        let perQuestion = try #require(chapter["questions"] as? [String: [String: Any]])
        #expect(perQuestion["ch0-q1"]?["first_score"] as? Double == 0)
        #expect(perQuestion["ch0-q1"]?["score"] as? Double == 0.667)
        #expect(perQuestion["ch0-q2"]?["revealed"] as? Bool == true)
        #expect(perQuestion["ch0-q2"]?["attempts"] as? Int == 0)
        let csv = try await client.perform(
            "GET", "/api/v1/cohorts/\(cohort.id)/scores.csv", bearer: TestServer.adminToken
        ).text
        #expect(csv.contains("last_activity,first_score,best_score,attempts,revealed"))
        #expect(csv.contains(",2,1,in_progress,"), "ch0: two tries, one reveal, then the cohort status")

        let console = try await client.perform("GET", "/admin", bearer: TestServer.adminToken)
        #expect(console.text.contains("reveal after-tries (after 3 tries"), "the console shows the policy")
        #expect(console.text.contains("retry penalty 0.333"))
        let matrix = try await client.perform("GET", "/admin/cohorts/\(cohort.id)", bearer: TestServer.adminToken)
        #expect(matrix.status == 200)
        #expect(matrix.text.contains("first 0%"), "the matrix shows first tries")
        #expect(matrix.text.contains("2 tries"))
        #expect(matrix.text.contains("1 revealed"))
        await server.stop()
    }
}
