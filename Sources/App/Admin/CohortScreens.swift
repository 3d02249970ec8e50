import Views

/// The console's cohort pages: the list with the create form, and one cohort's page (invitation, plan,
/// learners with statuses, charts).
enum CohortScreens {
    /// Every cohort with its invitation link, and (for browser sessions) the form that creates one.
    static func list(_ cohorts: [(cohort: Cohort, joinURL: String)], csrf: String?, problem: String?) -> [Node] {
        [
            problem.map { AdminLayout.notice($0, isProblem: true) } ?? .empty,
            csrf.map { csrf in
                AdminForm(
                    id: "new-cohort", action: "/admin/cohorts", csrfToken: csrf,
                    fields: [
                        .init(name: "name", label: "Cohort name", required: true),
                        .init(
                            name: "due_date", label: "Due date (YYYY-MM-DD, optional; due by the end of the day, UTC)"),
                    ], submitLabel: "Create cohort"
                ).node()
            } ?? .empty,
            AdminTable(
                id: "cohorts", caption: "Cohorts, newest first",
                columns: ["Name", "Learners", "Due", "Created", "Invitation link", "Progress"],
                rows: cohorts.map { cohort, joinURL in
                    [
                        .a(.href("/admin/cohorts/\(cohort.id)")) { cohort.name }, .text(String(cohort.learnerCount)),
                        .text(cohort.plan.dueDate?.text ?? "—"), AdminLayout.time(cohort.createdAt), .code { joinURL },
                        .a(.href("/admin/cohorts/\(cohort.id)/scores.csv")) { "CSV" },
                    ]
                }
            ).node(),
        ]
    }

    /// One cohort: the invitation link (copy, rotate), the plan and its form, the learner table with status
    /// filter and sort, and the charts.
    static func detail(
        _ report: CohortReport, joinURL: String, matrix: CohortMatrix, notice: String?, problem: String?
    ) -> [Node] {
        let cohort = report.cohort
        return [
            notice.map { AdminLayout.notice($0) } ?? .empty,
            problem.map { AdminLayout.notice($0, isProblem: true) } ?? .empty,
            invitation(cohort, joinURL: joinURL, csrf: matrix.csrf),
            plan(report, csrf: matrix.csrf),
            .h2(.id("learners")) { "Learners" },
            .p {
                Node.a(.href("/admin/cohorts/\(cohort.id)/scores.csv")) { "Download the progress as CSV" }
            },
        ] + matrix.controls() + [matrix.table()] + charts(report)
    }

    private static func invitation(_ cohort: Cohort, joinURL: String, csrf: String?) -> Node {
        .section(.class("invitation"), .aria("labelledby", "invitation-heading")) {
            Node.h2(.id("invitation-heading")) { "Invitation link" }
            Node.div(.class("copy-field")) {
                Node.label(.for("join-url")) { "Share this link:" }
                Node.input(
                    .type("text"), .id("join-url"), .value(joinURL), Attribute("readonly", nil),
                    Attribute("data-select-on-focus", nil))
                Node.button(
                    .type("button"), .class("copy-button"), Attribute("data-copy", "join-url"),
                    Attribute("hidden", nil)
                ) { "Copy link" }
                Node.span(.class("copy-status"), Attribute("role", "status"), Attribute("data-copy-status", "join-url"))
            }
            if let csrf {
                Node.form(
                    .class("rotate-form"), Attribute("method", "post"),
                    Attribute("action", "/admin/cohorts/\(cohort.id)/join-code")
                ) {
                    Node.input(.type("hidden"), .name("csrf"), .value(csrf))
                    Node.button(.type("submit"), .class("secondary")) { "Replace the link" }
                    " The old link stops working at once; learners already in the cohort stay."
                }
            }
        }
    }

    private static func plan(_ report: CohortReport, csrf: String?) -> Node {
        let cohort = report.cohort
        let required = Set(report.requiredSections)
        let requirable = report.sectionNames.compactMap(CourseSection.init(name:)).filter { $0 != .appendix }
        return .section(.class("plan"), .aria("labelledby", "plan-heading")) {
            Node.h2(.id("plan-heading")) { "Plan" }
            Node.dl(.class("admin-facts")) {
                Node.dt { "Due" }
                Node.dd { cohort.plan.dueDate.map { $0.text + " (end of the day, UTC)" } ?? "No due date" }
                Node.dt { "Required" }
                Node.dd {
                    cohort.plan.required == nil
                        ? "Every chapter and the case study"
                        : report.requiredSections.map { AdminLayout.sectionLabel($0.name) }.joined(separator: ", ")
                }
                Node.dt { "Learners" }
                Node.dd { String(report.members.count) }
            }
            if let csrf {
                Node.form(
                    .id("plan-form"), .class("admin-form plan-form"), Attribute("method", "post"),
                    Attribute("action", "/admin/cohorts/\(cohort.id)/plan")
                ) {
                    Node.input(.type("hidden"), .name("csrf"), .value(csrf))
                    Node.div(.class("admin-field")) {
                        Node.label(.for("plan-due-date")) { "Due date (empty for none)" }
                        Node.input(
                            .type("date"), .id("plan-due-date"), .name("due_date"),
                            .value(cohort.plan.dueDate?.text ?? ""))
                    }
                    Node.fieldset(.class("required-sections")) {
                        Node.legend { "Required sections" }
                        for section in requirable {
                            Node.label(.class("checkbox")) {
                                Node.input(
                                    .type("checkbox"), .name("required"), .value(section.name),
                                    .when(required.contains(section), Attribute("checked", nil)))
                                " " + AdminLayout.sectionLabel(section.name)
                            }
                        }
                    }
                    Node.button(.type("submit")) { "Save the plan" }
                }
            }
        }
    }

    private static func charts(_ report: CohortReport) -> [Node] {
        let completion = report.trends.completion
        let facility = report.trends.facility
        return [
            .h2(.id("charts")) { "Charts" },
            .div(.class("charts")) {
                SVGChart(
                    id: "completion-chart", kind: .line,
                    caption:
                        "Completion over time: the learners' mean share of required questions passed at the end of "
                        + "each day (UTC), \(completion.first?.day.text ?? "") to \(completion.last?.day.text ?? "")"
                        + ", now \(AdminLayout.percent(completion.last?.completion ?? 0))",
                    labelHeading: "Day", valueHeading: "Mean completion",
                    points: completion.map { SVGChart.Point(label: $0.day.text, value: $0.completion) }
                ).node()
                SVGChart(
                    id: "facility-chart", kind: .bars,
                    caption:
                        "Facility of each required question: the mean final score of the learners who tried it"
                        + " (below 50% marked)",
                    labelHeading: "Question", valueHeading: "Facility",
                    points: facility.map {
                        SVGChart.Point(label: "\($0.question) (\($0.learners) learners)", value: $0.facility)
                    }
                ).node()
            },
        ]
    }
}
