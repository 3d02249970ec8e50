import Foundation
import HTTP
import Views

/// A lead's view of a cohort: every learner's progress per section, as JSON or as a CSV for spreadsheets.
///
/// Built from `question_scores` and `section_reads` read in one transaction; the admin console renders the
/// same value.
struct CohortReport: Sendable {
    struct Member: Sendable {
        var learner: Learner
        var progress: LearnerProgress
        /// Where the learner stands against the cohort's plan.
        var status: LearnerStatus
        /// Mean final and first-try scores over the required questions (untried ones count 0).
        var score: Double
        var firstTryScore: Double
    }

    let cohort: Cohort
    let members: [Member]
    let sectionNames: [String]
    /// The plan's required sections against the current content.
    let requiredSections: [CourseSection]
    /// The data of the console's charts.
    let trends: CohortTrends

    /// Reads the cohort's members and their progress against the current content, with statuses at `now`.
    static func load(
        _ cohort: Cohort, from cohorts: any CohortStoring, snapshot: ContentSnapshot, policy: ScoringPolicy,
        now: Int64 = WallClock.nowMilliseconds()
    ) async throws -> CohortReport {
        let records = try await cohorts.memberRecords(cohortID: cohort.id)
        let course = snapshot.languageCodes.first.flatMap(snapshot.language)?.course
        let chapters = course?.chapters.map(\.number) ?? []
        let required = cohort.plan.requiredSections(chapters: chapters)
        var requiredQuestions: [String] = []
        if let course {
            for section in required {
                switch section {
                case .chapter(let number):
                    requiredQuestions += course.chapters.first { $0.number == number }?.questions.map(\.id) ?? []
                case .practice: requiredQuestions += course.practice.questions.map(\.id)
                case .appendix: break
                }
            }
        }
        let members = records.map { record in
            let progress = LearnerProgress(records: record.records, snapshot: snapshot, policy: policy)
            let results = Dictionary(
                progress.sections.filter { required.contains($0.section) }.flatMap(\.questions),
                uniquingKeysWith: { first, _ in first })
            let count = Double(max(requiredQuestions.count, 1))
            return Member(
                learner: record.learner, progress: progress,
                status: LearnerStatus(progress: progress, plan: cohort.plan, now: now),
                score: results.values.map(\.score).reduce(0, +) / count,
                firstTryScore: results.values.map(\.firstScore).reduce(0, +) / count)
        }
        let trends = CohortTrends(
            passTimes: members.map { member in
                member.progress.sections.filter { required.contains($0.section) }
                    .flatMap { $0.questions.values.compactMap(\.passedAt) }
            },
            requiredTotal: requiredQuestions.count,
            scores: members.map { member in
                Dictionary(
                    member.progress.sections.flatMap { $0.questions.map { ($0.key, $0.value.score) } },
                    uniquingKeysWith: { first, _ in first })
            },
            requiredQuestions: requiredQuestions, from: cohort.createdAt, to: now)
        return CohortReport(
            cohort: cohort, members: members, sectionNames: InputRules.sectionNames(snapshot),
            requiredSections: required, trends: trends)
    }

    var json: JSONValue {
        [
            "cohort": [
                "id": .int(cohort.id), "name": .string(cohort.name), "learners": .int(Int64(members.count)),
                "due_date": .stringOrNull(cohort.plan.dueDate?.text),
                "required": .array(requiredSections.map { .string($0.name) }),
            ],
            "sections": .array(sectionNames.map { .string($0) }),
            "learners": .array(
                members.map { member in
                    let progress = ResourceJSON.progress(member.progress)
                    return [
                        "id": .int(member.learner.id),
                        "display_name": .string(member.learner.displayName),
                        "status": .string(member.status.state.rawValue),
                        "completion": .double(Self.rounded(member.status.completion)),
                        "completed_at": .time(member.status.completedAt),
                        "score": .double(Self.rounded(member.score)),
                        "first_try_score": .double(Self.rounded(member.firstTryScore)),
                        "overall_percentage": progress["overall_percentage"] ?? .null,
                        "questions_passed": progress["questions_passed"] ?? .null,
                        "questions_total": progress["questions_total"] ?? .null,
                        "last_activity": progress["last_activity"] ?? .null,
                        "chapters": progress["chapters"] ?? .array([]),
                    ]
                }),
        ]
    }

    /// One row per learner and section: long form, so it pivots in any spreadsheet and survives content
    /// changes. `score` is the mean final score (retry penalty applied), `first_score` and `best_score` the
    /// means of the first and best tries, `revealed` the number of questions whose answer was shown. UTF-8 with a BOM, RFC 4180 quoting, formulas neutralised (`CSVWriter`).
    var csv: [UInt8] {
        var writer = CSVWriter()
        writer.append([
            "learner_id", "display_name", "section", "chapter", "read", "questions_passed", "questions_total",
            "passed", "score", "last_activity", "first_score", "best_score", "attempts", "revealed", "status",
            "completion", "completed_at", "due_date",
        ])
        for member in members {
            for section in member.progress.sections {
                var chapter = ""
                if case .chapter(let number) = section.section { chapter = String(number) }
                writer.append([
                    String(member.learner.id), member.learner.displayName, section.name, chapter,
                    section.read ? "yes" : "no", String(section.questionsPassed), String(section.questionsTotal),
                    section.isPassed ? "yes" : "no", section.score.map(Self.decimal) ?? "",
                    section.lastActivity.map(WallClock.iso8601) ?? "", section.firstScore.map(Self.decimal) ?? "",
                    section.bestScore.map(Self.decimal) ?? "", String(section.attempts), String(section.revealed),
                    member.status.state.rawValue, Self.decimal(member.status.completion),
                    member.status.completedAt.map(WallClock.iso8601) ?? "", cohort.plan.dueDate?.text ?? "",
                ])
            }
        }
        return writer.bytes
    }

    /// A share 0…1 rounded to three decimals, for JSON.
    static func rounded(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }

    /// A score 0…1 with at most three decimals, locale-independent.
    static func decimal(_ value: Double) -> String {
        String(format: "%.3f", locale: Locale(identifier: "en_US_POSIX"), value)
    }

    /// A `text/csv` download response.
    static func csvResponse(_ bytes: [UInt8], filename: String, headers: Headers = Headers()) -> Response {
        var headers = headers
        headers.add("Content-Type", "text/csv; charset=utf-8")
        headers.add("Content-Disposition", "attachment; filename=\"\(filename)\"")
        headers.add("Cache-Control", "no-store")
        return Response(status: .ok, headers: headers, body: bytes)
    }
}
