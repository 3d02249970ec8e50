import Testing
import Views

@testable import App

/// Cohort plans and learner statuses, pure: a plan, counts and a time in, a status out.
struct CohortPlanTests {
    static let day = Int64(DueDate.millisecondsPerDay)

    @Test func dueDatesParseOnlyRealCalendarDays() {
        #expect(DueDate("2026-12-01")?.text == "2026-12-01")
        #expect(DueDate("1970-01-01")?.day == 0)
        #expect(DueDate("2024-02-29")?.text == "2024-02-29")
        for bad in [
            "2026-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "26-01-01", "2026/01/01", "tomorrow", "",
            "2026-01-01T00:00:00Z", "2026-04-31", "２０２６-01-01",
        ] {
            #expect(DueDate(bad) == nil, "\(bad)")
        }
    }

    @Test func theDeadlineIsTheEndOfTheDueDayInUTC() throws {
        let due = try #require(DueDate("2026-12-01"))
        #expect(due.deadline == 1_796_169_600_000)  // 2026-12-02T00:00:00Z
        #expect(DueDate(containing: due.deadline - 1) == due)
        #expect(DueDate(containing: due.deadline).day == due.day + 1)
        let plan = CohortPlan(dueDate: due)
        #expect(!plan.isPastDue(now: due.deadline - 1))
        #expect(plan.isPastDue(now: due.deadline))
        #expect(!CohortPlan().isPastDue(now: .max))
    }

    @Test func requiredSectionsAreChaptersAndThePracticeInCourseOrder() {
        let chapters = Array(0...11)
        #expect(
            CohortPlan.parseRequired(["practice", "ch2", "ch0", "ch2"], chapters: chapters)
                == .success([.chapter(0), .chapter(2), .practice]))
        #expect(CohortPlan.parseRequired(["ch12"], chapters: chapters) == .failure(.unknown("ch12")))
        #expect(CohortPlan.parseRequired(["appendix"], chapters: chapters) == .failure(.unknown("appendix")))
        #expect(CohortPlan.parseRequired(["CH1"], chapters: chapters) == .failure(.unknown("CH1")))
        #expect(CohortPlan.parseRequired([], chapters: chapters) == .failure(.empty))
        #expect(CohortPlan().requiredSections(chapters: [0, 1]) == [.chapter(0), .chapter(1), .practice])
        #expect(CohortPlan(required: [.chapter(5), .chapter(1)]).requiredSections(chapters: [0, 1]) == [.chapter(1)])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let passed: Int
        let total: Int
        let started: Bool
        let dueInDays: Int?
        let state: LearnerStatus.State
        let completion: Double
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing yet", passed: 0, total: 3, started: false, dueInDays: 1, state: .notStarted, completion: 0),
        Case(
            name: "no due date", passed: 0, total: 3, started: false, dueInDays: nil, state: .notStarted,
            completion: 0),
        Case(name: "read only", passed: 0, total: 3, started: true, dueInDays: 1, state: .inProgress, completion: 0),
        Case(
            name: "two of three", passed: 2, total: 3, started: true, dueInDays: nil, state: .inProgress,
            completion: 2.0 / 3),
        Case(name: "all passed", passed: 3, total: 3, started: true, dueInDays: 1, state: .completed, completion: 1),
        Case(
            name: "all passed, late", passed: 3, total: 3, started: true, dueInDays: -1, state: .completed,
            completion: 1),
        Case(
            name: "did nothing by yesterday", passed: 0, total: 3, started: false, dueInDays: -1, state: .overdue,
            completion: 0),
        Case(
            name: "behind at the due date", passed: 1, total: 3, started: true, dueInDays: -1, state: .overdue,
            completion: 1.0 / 3),
        Case(
            name: "nothing required", passed: 0, total: 0, started: true, dueInDays: nil, state: .inProgress,
            completion: 0),
    ]

    @Test(arguments: cases)
    func theStatusFollowsThePlan(_ item: Case) {
        let now = 20_000 * Self.day + 12 * 3_600_000
        let today = DueDate(containing: now).day
        let plan = CohortPlan(dueDate: item.dueInDays.map { DueDate(daysSinceEpoch: today + $0) })
        let times = (0..<item.passed).map { now - Int64($0) * 1000 }
        let status = LearnerStatus(
            passed: item.passed, total: item.total, passedAt: times, started: item.started, plan: plan, now: now)
        #expect(status.state == item.state)
        #expect(abs(status.completion - item.completion) < 1e-9)
        #expect(status.completedAt == (item.state == .completed ? now : nil))
    }

    @Test func aDueDateOfTodayIsNotYetOverdue() {
        let now = 20_000 * Self.day + 23 * 3_600_000
        let plan = CohortPlan(dueDate: DueDate(containing: now))
        let status = LearnerStatus(passed: 0, total: 3, passedAt: [], started: false, plan: plan, now: now)
        #expect(status.state == .notStarted)
    }
}
