import Foundation
import HTTP

/// A lead's view of a cohort: every learner's progress per section, as JSON or as a CSV for spreadsheets.
///
/// Built from `question_scores` and `section_reads` read in one transaction; the admin console renders the
/// same value.
struct CohortReport: Sendable {
    struct Member: Sendable {
        var learner: Learner
        var progress: LearnerProgress
    }

    let cohort: Cohort
    let members: [Member]
    let sectionNames: [String]

    /// Reads the cohort's members and their progress against the current content.
    static func load(_ cohort: Cohort, services: Services) async throws -> CohortReport {
        let snapshot = services.content.snapshot
        let records = try await services.cohorts.memberRecords(cohortID: cohort.id)
        return CohortReport(
            cohort: cohort,
            members: records.map {
                Member(
                    learner: $0.learner,
                    progress: LearnerProgress(
                        records: $0.records, snapshot: snapshot, policy: services.configuration.scoring))
            },
            sectionNames: InputRules.sectionNames(snapshot))
    }

    var json: JSONValue {
        [
            "cohort": ["id": .int(cohort.id), "name": .string(cohort.name), "learners": .int(Int64(members.count))],
            "sections": .array(sectionNames.map { .string($0) }),
            "learners": .array(
                members.map { member in
                    let progress = ResourceJSON.progress(member.progress)
                    return [
                        "id": .int(member.learner.id),
                        "display_name": .string(member.learner.displayName),
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
            "passed", "score", "last_activity", "first_score", "best_score", "attempts", "revealed",
        ])
        for member in members {
            for section in member.progress.sections {
                var chapter = ""
                if case .chapter(let number) = section.section { chapter = String(number) }
                writer.append([
                    String(member.learner.id), member.learner.displayName, section.name, chapter,
                    section.read ? "yes" : "no", String(section.questionsPassed), String(section.questionsTotal),
                    section.isPassed ? "yes" : "no", section.score.map(Self.decimal) ?? "",
                    section.lastActivity.map(Clock.iso8601) ?? "", section.firstScore.map(Self.decimal) ?? "",
                    section.bestScore.map(Self.decimal) ?? "", String(section.attempts), String(section.revealed),
                ])
            }
        }
        return writer.bytes
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
