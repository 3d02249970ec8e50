import Foundation
import Testing

@testable import App

/// Item analysis: the pure statistics, and `GET /api/v1/admin/items` with its filters.
@Suite(.serialized) struct ItemAnalysisTests {
    static func fact(_ learner: Int64, _ question: String, _ language: String, correct: Bool) -> ItemFact {
        ItemFact(
            learnerID: learner, questionID: question, language: language,
            tries: QuestionTries(tries: [(correct ? 1 : 0, correct)]))
    }

    @Test func facilityDiscriminationAndCommonWrongAnswers() throws {
        // Learners 1 and 2 know the course (both questions right), 3 and 4 do not.
        let facts = [
            Self.fact(1, "q1", "it", correct: true), Self.fact(1, "q2", "it", correct: true),
            Self.fact(2, "q1", "it", correct: true), Self.fact(2, "q2", "it", correct: true),
            Self.fact(3, "q1", "it", correct: false), Self.fact(3, "q2", "it", correct: false),
            Self.fact(4, "q1", "it", correct: false), Self.fact(4, "q2", "it", correct: false),
        ]
        let wrong = [
            WrongAnswerCount(questionID: "q1", language: "it", answer: "Di lato.", count: 2),
            WrongAnswerCount(questionID: "q1", language: "it", answer: "  di   LATO ", count: 1),
            WrongAnswerCount(questionID: "q1", language: "it", answer: "boh", count: 1),
        ]
        let analysis = ItemAnalysis(
            facts: facts, wrongAnswers: wrong, policy: ScoringPolicy(), questionOrder: ["q2", "q1"])
        #expect(analysis.items.map(\.question) == ["q2", "q1"])
        let q1 = try #require(analysis.items.last)
        #expect(q1.learners == 4 && q1.attempts == 4)
        #expect(q1.facility == 0.5 && q1.firstTryFacility == 0.5)
        #expect(q1.discrimination == 1.0)
        #expect(q1.commonWrong.map(\.answer) == ["di lato", "boh"])
        #expect(q1.commonWrong.map(\.count) == [3, 1])
        #expect(q1.flag == nil)
    }

    @Test func discriminationIsNullWhenUndefined() {
        #expect(ItemAnalysis.correlation([]) == nil)
        #expect(ItemAnalysis.correlation([(1, 2)]) == nil)
        #expect(ItemAnalysis.correlation([(1, 2), (1, 3)]) == nil)
        #expect(ItemAnalysis.correlation([(0, 2), (1, 1)]) == -1)
    }

    @Test func aLanguageFarBelowTheOthersIsFlagged() throws {
        var facts: [ItemFact] = []
        for learner in Int64(1)...4 { facts.append(Self.fact(learner, "q1", "it", correct: true)) }
        for learner in Int64(5)...7 { facts.append(Self.fact(learner, "q1", "ja", correct: false)) }
        for learner in Int64(8)...9 { facts.append(Self.fact(learner, "q1", "tr", correct: false)) }
        let analysis = ItemAnalysis(facts: facts, wrongAnswers: [], policy: ScoringPolicy(), questionOrder: ["q1"])
        let flags = Dictionary(uniqueKeysWithValues: analysis.items.map { ($0.language, $0.flag) })
        #expect(flags["ja"] == .languageGap)
        #expect(flags["it"] == .some(nil))
        // Two learners are too few to accuse a translation.
        #expect(flags["tr"] == .some(nil))
        let filtered = ItemAnalysis(
            facts: facts, wrongAnswers: [], policy: ScoringPolicy(), questionOrder: ["q1"], language: "ja")
        #expect(filtered.items.map(\.language) == ["ja"])
        #expect(filtered.items.first?.flag == .languageGap)
        // Within the threshold: no flag.
        let close =
            facts.filter { $0.language == "it" }
            + (5...7).map { learner in
                ItemFact(
                    learnerID: Int64(learner), questionID: "q1", language: "ja",
                    tries: QuestionTries(tries: [(0.75, false)]))
            }
        let near = ItemAnalysis(facts: close, wrongAnswers: [], policy: ScoringPolicy(), questionOrder: ["q1"])
        #expect(near.items.allSatisfy { $0.flag == nil })
    }

    @Test func theItemsAPIListsAQuestionWithItsFacilityAndRefusesBadFilters() async throws {
        let server = try TestServer()
        let client = server.client()
        let cohort = try await client.createCohort("Team")
        let right = try await client.createLearner("Right", cohortCode: cohort.joinCode)
        let wrong = try await client.createLearner("Wrong", cohortCode: cohort.joinCode)
        _ = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "In alto e in basso."],
            bearer: right.token)
        _ = try await client.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "Di lato"], bearer: wrong.token)
        let response = try await client.perform(
            "GET", "/api/v1/admin/items?language=it&cohort=\(cohort.id)", headers: [TestClient.adminHeader])
        #expect(response.status == 200)
        let items = try #require(try response.json()["items"] as? [[String: Any]])
        let item = try #require(items.first { $0["question"] as? String == "ch0-q1" })
        #expect(item["language"] as? String == "it")
        #expect(item["learners"] as? Int == 2 && item["attempts"] as? Int == 2)
        #expect(item["facility"] as? Double == 0.5)
        #expect(item["first_try_facility"] as? Double == 0.5)
        #expect(item["discrimination"] is NSNull || item["discrimination"] is Double)
        let common = try #require(item["common_wrong"] as? [[String: Any]])
        #expect(common.first?["answer"] as? String == "di lato")
        #expect(item["flag"] is NSNull)
        #expect(items.allSatisfy { $0["language"] as? String == "it" })
        let none = try await client.perform("GET", "/api/v1/admin/items?language=ja", headers: [TestClient.adminHeader])
        #expect((try none.json()["items"] as? [Any])?.isEmpty == true)

        for (query, field, status) in [
            ("language=xx", "language", 422), ("cohort=abc", "cohort", 422), ("cohort=0", "cohort", 422),
            ("cohort=999", "cohort", 404), ("cohort=", "cohort", 422), ("language=", "language", 422),
        ] {
            let bad = try await client.perform("GET", "/api/v1/admin/items?\(query)", headers: [TestClient.adminHeader])
            #expect(bad.status == status, "\(query)")
            let message = (try bad.json()["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.hasPrefix(field), "\(message)")
        }
        #expect(try await client.perform("GET", "/api/v1/admin/items").status == 401)
        let console = try await client.perform(
            "GET", "/admin/items?language=it&cohort=", headers: AdminTestSupport.bearer)
        #expect(console.status == 200)
        #expect(console.text.contains("ch0-q1") && console.text.contains("di lato"))
        await server.stop()
    }
}
