import Views

/// The cohort page's learner table: one row per learner with status chip, completion, final and first-try
/// scores and the sections, the name fixed on the left while the rest scrolls; sorted and filtered by the
/// query string, so it works without JavaScript.
struct CohortMatrix {
    enum Sort: String, CaseIterable {
        case name, status, completion, score, activity

        var label: String {
            switch self {
            case .name: "Name"
            case .status: "Status"
            case .completion: "Completion"
            case .score: "Final score"
            case .activity: "Last activity"
            }
        }
    }

    var report: CohortReport
    /// Only learners with this status; all when `nil`.
    var filter: LearnerStatus.State?
    var sort: Sort
    /// The console session's CSRF token; the remove buttons need one.
    var csrf: String?

    static func label(_ state: LearnerStatus.State) -> String {
        switch state {
        case .notStarted: "Not started"
        case .inProgress: "In progress"
        case .completed: "Completed"
        case .overdue: "Overdue"
        }
    }

    /// A status chip: the word itself (never colour alone) in a pill coloured by status.
    static func chip(_ state: LearnerStatus.State) -> Node {
        .span(.class("status-chip status-" + state.rawValue.replacingOccurrences(of: "_", with: "-"))) {
            label(state)
        }
    }

    /// The members to show, filtered and sorted (ties by name, then id).
    var rows: [CohortReport.Member] {
        let order: [LearnerStatus.State] = [.overdue, .notStarted, .inProgress, .completed]
        let shown = report.members.filter { filter == nil || $0.status.state == filter }
        return shown.sorted { lhs, rhs in
            let byName =
                (AdminLayout.name(lhs.learner.displayName).lowercased(), lhs.learner.id)
                < (AdminLayout.name(rhs.learner.displayName).lowercased(), rhs.learner.id)
            switch sort {
            case .name: return byName
            case .status:
                let left = order.firstIndex(of: lhs.status.state) ?? 0
                let right = order.firstIndex(of: rhs.status.state) ?? 0
                return left != right ? left < right : byName
            case .completion:
                return lhs.status.completion != rhs.status.completion
                    ? lhs.status.completion > rhs.status.completion : byName
            case .score: return lhs.score != rhs.score ? lhs.score > rhs.score : byName
            case .activity:
                let left = lhs.progress.sections.compactMap(\.lastActivity).max() ?? 0
                let right = rhs.progress.sections.compactMap(\.lastActivity).max() ?? 0
                return left != right ? left > right : byName
            }
        }
    }

    /// The status filter links (with counts) and the sort form.
    func controls() -> [Node] {
        let base = "/admin/cohorts/\(report.cohort.id)"
        let counts = Dictionary(grouping: report.members, by: \.status.state).mapValues(\.count)
        func link(_ state: LearnerStatus.State?) -> String {
            var query = ["sort=" + sort.rawValue]
            if let state { query.append("status=" + state.rawValue) }
            return base + "?" + query.joined(separator: "&") + "#learners"
        }
        return [
            .nav(.class("status-filter"), .aria("label", "Filter by status")) {
                Node.ul {
                    Node.li {
                        Node.a(.href(link(nil)), .when(filter == nil, .aria("current", "true"))) {
                            "All (\(report.members.count))"
                        }
                    }
                    for state in LearnerStatus.State.allCases {
                        Node.li {
                            Node.a(.href(link(state)), .when(filter == state, .aria("current", "true"))) {
                                Self.chip(state)
                                " (\(counts[state] ?? 0))"
                            }
                        }
                    }
                }
            },
            .form(.class("sort-form"), Attribute("method", "get"), Attribute("action", base + "#learners")) {
                if let filter { Node.input(.type("hidden"), .name("status"), .value(filter.rawValue)) }
                Node.label(.for("sort")) { "Sort by" }
                Node.element("select", [.id("sort"), .name("sort")]) {
                    for option in Sort.allCases {
                        Node.element(
                            "option", [.value(option.rawValue), .when(option == sort, Attribute("selected", nil))]
                        ) { option.label }
                    }
                }
                Node.button(.type("submit")) { "Sort" }
            },
        ]
    }

    /// The table: learner names as row headers (fixed on the left), then status and figures, then sections.
    func table() -> Node {
        let sections = report.sectionNames.filter { $0 != "appendix" }
        let required = Set(report.requiredSections.map(\.name))
        var columns = ["Learner", "Status", "Completion", "Final score", "First-try score", "Completed"]
        columns += sections.map { AdminLayout.sectionLabel($0) + (required.contains($0) ? " (required)" : "") }
        columns.append("Last activity")
        if csrf != nil { columns.append("Membership") }
        return .div(
            .class("table-scroll matrix-scroll"), Attribute("tabindex", "0"), Attribute("role", "region"),
            .aria("labelledby", "matrix-caption")
        ) {
            Node.table(.id("matrix"), .class("cohort-matrix")) {
                Node.caption(.id("matrix-caption")) {
                    "Learners: status against the plan, completion of the required questions, mean final and "
                        + "first-try scores; per section questions passed (✓ all), final, first-try and best score, "
                        + "tries and answers revealed"
                }
                Node.thead { Node.tr { for column in columns { Node.th(Attribute("scope", "col")) { column } } } }
                Node.tbody {
                    for member in rows { row(member, sections: sections) }
                }
            }
        }
    }

    private func row(_ member: CohortReport.Member, sections: [String]) -> Node {
        let bySection = Dictionary(
            member.progress.sections.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return .tr(.class("status-row-" + member.status.state.rawValue)) {
            Node.th(Attribute("scope", "row"), .class("learner-name")) {
                Node.a(.href("/admin/learners/\(member.learner.id)")) { AdminLayout.name(member.learner.displayName) }
            }
            Node.td { Self.chip(member.status.state) }
            Node.td(.class("figure")) { AdminLayout.percent(member.status.completion) }
            Node.td(.class("figure")) { AdminLayout.percent(member.score) }
            Node.td(.class("figure")) { AdminLayout.percent(member.firstTryScore) }
            Node.td { AdminLayout.time(member.status.completedAt) }
            for name in sections { sectionCell(bySection[name]) }
            Node.td { AdminLayout.time(member.progress.sections.compactMap(\.lastActivity).max()) }
            if let csrf {
                Node.td {
                    Node.form(
                        Attribute("method", "post"),
                        Attribute("action", "/admin/cohorts/\(report.cohort.id)/learners/\(member.learner.id)/remove")
                    ) {
                        Node.input(.type("hidden"), .name("csrf"), .value(csrf))
                        Node.button(.type("submit"), .class("secondary")) {
                            "Remove"
                            Node.span(.class("visually-hidden")) {
                                " " + AdminLayout.name(member.learner.displayName) + " from the cohort"
                            }
                        }
                    }
                }
            }
        }
    }

    private func sectionCell(_ section: LearnerProgress.Section?) -> Node {
        guard let section else { return .td { "—" } }
        let mark = section.isPassed ? " ✓" : ""
        guard section.score != nil else { return .td { "\(section.questionsPassed)/\(section.questionsTotal)\(mark)" } }
        return .td(.class("matrix-cell")) {
            Node.strong { "\(section.questionsPassed)/\(section.questionsTotal)\(mark)" }
            " "
            Node.span { "score \(AdminLayout.percent(section.score))" }
            " "
            Node.span { "first \(AdminLayout.percent(section.firstScore))" }
            " "
            Node.span { "best \(AdminLayout.percent(section.bestScore))" }
            " "
            Node.span { "\(section.attempts) tries" }
            if section.revealed > 0 {
                " "
                Node.span { "\(section.revealed) revealed" }
            }
        }
    }
}
