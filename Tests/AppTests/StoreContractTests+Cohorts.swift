import Foundation
import Grading
import Testing
import Views

@testable import App

/// The cohort-plan and item-analysis parts of the store contract, on both engines.
extension StoreContractTests {
    @Test(arguments: Engine.available) func cohortPlansRotationAndRemoval(engine: Engine) async throws {
        try await Self.withStores(engine) { stores in
            let plan = CohortPlan(dueDate: DueDate("2026-12-24"), required: [.chapter(0), .practice])
            let cohort = try await stores.cohorts.create(name: "Team", plan: plan)
            #expect(cohort.plan == plan)
            #expect(try await stores.cohorts.cohort(id: cohort.id)?.plan == plan)
            let byDefault = try await stores.cohorts.create(name: "Default")
            #expect(try await stores.cohorts.cohort(id: byDefault.id)?.plan == CohortPlan())

            let changed = try await stores.cohorts.update(id: cohort.id, name: "Renamed", plan: CohortPlan())
            #expect(changed?.name == "Renamed" && changed?.plan == CohortPlan())
            #expect(try await stores.cohorts.update(id: 9999, name: "X", plan: plan) == nil)

            let rotated = try #require(try await stores.cohorts.rotateJoinCode(id: cohort.id))
            #expect(rotated.joinCode != cohort.joinCode)
            #expect(try await stores.cohorts.cohort(joinCode: cohort.joinCode) == nil)
            #expect(try await stores.cohorts.isRetired(joinCode: cohort.joinCode))
            #expect(try await !stores.cohorts.isRetired(joinCode: rotated.joinCode))
            #expect(try await stores.cohorts.cohort(joinCode: rotated.joinCode)?.id == cohort.id)
            #expect(try await stores.cohorts.rotateJoinCode(id: 9999) == nil)

            let member = try await stores.learners.create(displayName: "A", language: "it", cohortID: cohort.id)
            #expect(try await !stores.cohorts.remove(learnerID: member.learner.id, fromCohort: byDefault.id))
            #expect(try await stores.cohorts.remove(learnerID: member.learner.id, fromCohort: cohort.id))
            #expect(try await stores.cohorts.cohort(id: cohort.id)?.learnerCount == 0)
            #expect(try stores.learners.learner(id: member.learner.id)?.cohortID == nil)
        }
    }

    @Test(arguments: Engine.available) func itemFactsCarryTheAnsweringLanguageAndWrongAnswers(engine: Engine)
        async throws
    {
        try await Self.withStores(engine) { stores in
            let cohort = try await stores.cohorts.create(name: "Team")
            let member = try await stores.learners.create(displayName: "A", language: "ja", cohortID: cohort.id)
            let outsider = try await stores.learners.create(displayName: "B", language: "it", cohortID: nil)
            for (learner, verdict, score) in [
                (member.learner.id, Verdict.incorrect, 0.0), (member.learner.id, .correct, 1),
                (outsider.learner.id, .incorrect, 0),
            ] {
                _ = try await stores.attempts.record(
                    Self.attempt("ch0-q1", in: .chapter(0), verdict, score: score), by: .existing(learner))
            }
            let facts = try await stores.items.questionFacts(cohortID: cohort.id)
            #expect(facts.map(\.learnerID) == [member.learner.id])
            #expect(facts.first?.language == "it", "the first attempt's language, not the learner's")
            #expect(facts.first?.tries.attempts == 2)
            #expect(try await stores.items.questionFacts(cohortID: nil).count == 2)
            let wrong = try await stores.items.wrongAnswers(cohortID: nil)
            #expect(wrong == [WrongAnswerCount(questionID: "ch0-q1", language: "it", answer: "risposta", count: 2)])
            #expect(try await stores.items.wrongAnswers(cohortID: cohort.id).map(\.count) == [1])
        }
    }
}
