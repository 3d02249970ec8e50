import Views

/// The console's cohort pages: the list with the create form, and one cohort's progress matrix.
enum CohortScreens {
    /// Every cohort with its invitation link, and (for browser sessions) the form that creates one.
    static func list(_ cohorts: [(cohort: Cohort, joinURL: String)], csrf: String?, problem: String?) -> [Node] {
        [
            problem.map { AdminLayout.notice($0, isProblem: true) } ?? .empty,
            csrf.map { csrf in
                AdminForm(
                    id: "new-cohort", action: "/admin/cohorts", csrfToken: csrf,
                    fields: [.init(name: "name", label: "Cohort name", required: true)], submitLabel: "Create cohort"
                ).node()
            } ?? .empty,
            AdminTable(
                id: "cohorts", caption: "Cohorts, newest first",
                columns: ["Name", "Learners", "Created", "Invitation link", "Progress"],
                rows: cohorts.map { cohort, joinURL in
                    [
                        .a(.href("/admin/cohorts/\(cohort.id)")) { cohort.name }, .text(String(cohort.learnerCount)),
                        AdminLayout.time(cohort.createdAt), .code { joinURL },
                        .a(.href("/admin/cohorts/\(cohort.id)/scores.csv")) { "CSV" },
                    ]
                }
            ).node(),
        ]
    }

    /// Learners × sections: questions passed, final and first-try score, tries and reveals per section, overall
    /// share, last activity; and the CSV link.
    static func detail(_ report: CohortReport, joinURL: String) -> [Node] {
        let sections = report.sectionNames.filter { $0 != "appendix" }
        return [
            .dl(.class("admin-facts")) {
                Node.dt { "Invitation link" }
                Node.dd { Node.code { joinURL } }
                Node.dt { "Learners" }
                Node.dd { String(report.members.count) }
            },
            .p {
                Node.a(.href("/admin/cohorts/\(report.cohort.id)/scores.csv")) { "Download the progress as CSV" }
            },
            AdminTable(
                id: "matrix",
                caption:
                    "Per section: questions passed (✓ all), final score, first-try score, best-try score, tries, answers revealed",
                columns: ["Learner", "Overall"] + sections.map(AdminLayout.sectionLabel) + ["Last activity"],
                rows: report.members.map { member in
                    let bySection = Dictionary(
                        member.progress.sections.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
                    var cells: [Node] = [
                        .a(.href("/admin/learners/\(member.learner.id)")) {
                            AdminLayout.name(member.learner.displayName)
                        },
                        .text(AdminLayout.percent(member.progress.overall)),
                    ]
                    for name in sections {
                        guard let section = bySection[name] else {
                            cells.append(.text("—"))
                            continue
                        }
                        let mark = section.isPassed ? " ✓" : ""
                        guard section.score != nil else {
                            cells.append(.text("\(section.questionsPassed)/\(section.questionsTotal)\(mark)"))
                            continue
                        }
                        cells.append(
                            .span(.class("matrix-cell")) {
                                Node.strong { "\(section.questionsPassed)/\(section.questionsTotal)\(mark)" }
                                " · score \(AdminLayout.percent(section.score))"
                                " · first \(AdminLayout.percent(section.firstScore))"
                                " · best \(AdminLayout.percent(section.bestScore))"
                                " · \(section.attempts) tries"
                                section.revealed > 0 ? " · \(section.revealed) revealed" : ""
                            })
                    }
                    cells.append(AdminLayout.time(member.progress.sections.compactMap(\.lastActivity).max()))
                    return cells
                }
            ).node(),
        ]
    }
}
