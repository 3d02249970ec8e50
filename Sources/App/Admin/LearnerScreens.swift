import Views

/// The console's learner pages: search by name, and one learner's progress and attempts.
enum LearnerScreens {
    /// Learners matching `query` (all when empty), newest first.
    static func search(query: String, learners: [LearnerOverview], limit: Int) -> [Node] {
        [
            .form(
                .class("admin-form"), Attribute("method", "get"), Attribute("action", "/admin/learners"),
                Attribute("role", "search")
            ) {
                Node.div(.class("admin-field")) {
                    Node.label(.for("learner-query")) { "Name contains" }
                    Node.input(.type("search"), .id("learner-query"), .name("q"), .value(query))
                }
                Node.button(.type("submit")) { "Search" }
            },
            AdminTable(
                id: "learners",
                caption: learners.count == limit ? "The \(limit) newest matching learners" : "Matching learners",
                columns: ["Name", "#", "Language", "Cohort", "Attempts", "Joined", "Last seen"],
                rows: learners.map { overview in
                    let learner = overview.learner
                    return [
                        .a(.href("/admin/learners/\(learner.id)")) { AdminLayout.name(learner.displayName) },
                        .text(String(learner.id)), .text(learner.language), .text(overview.cohortName ?? "—"),
                        .text(String(overview.attemptCount)), AdminLayout.time(learner.createdAt),
                        AdminLayout.time(learner.lastSeenAt),
                    ]
                }
            ).node(),
        ]
    }

    /// One learner: facts, progress per section, and attempts newest first (`older` links the next page).
    static func detail(
        _ overview: LearnerOverview, progress: LearnerProgress, attempts: [Attempt], older: Int64?,
        snapshot: ContentSnapshot
    ) -> [Node] {
        let learner = overview.learner
        return [
            .dl(.class("admin-facts")) {
                Node.dt { "Learner" }
                Node.dd { "#\(learner.id)" }
                Node.dt { "Language" }
                Node.dd { learner.language }
                Node.dt { "Cohort" }
                Node.dd { overview.cohortName ?? "—" }
                Node.dt { "Joined" }
                Node.dd { AdminLayout.time(learner.createdAt) }
                Node.dt { "Last seen" }
                Node.dd { AdminLayout.time(learner.lastSeenAt) }
                Node.dt { "Overall" }
                Node.dd { AdminLayout.percent(progress.overall) + " of the questions passed" }
            },
            AdminTable(
                id: "progress", caption: "Progress by section",
                columns: [
                    "Section", "Read", "Questions passed", "First try", "Best try", "Score", "Tries", "Revealed",
                    "Last activity",
                ],
                rows: progress.sections.map { section in
                    [
                        .text(AdminLayout.sectionLabel(section.name)), .text(section.read ? "yes" : "no"),
                        .text(
                            section.questionsTotal == 0
                                ? "—" : "\(section.questionsPassed) of \(section.questionsTotal)"),
                        .text(AdminLayout.percent(section.firstScore)), .text(AdminLayout.percent(section.bestScore)),
                        .text(AdminLayout.percent(section.score)), .text(String(section.attempts)),
                        .text(String(section.revealed)), AdminLayout.time(section.lastActivity),
                    ]
                }
            ).node(),
            AttemptTable(
                id: "attempts", caption: "Attempts, newest first (\(overview.attemptCount) in all)",
                rows: attempts.map { AttemptActivity(attempt: $0, displayName: learner.displayName) },
                snapshot: snapshot, showsLearner: false
            ).node(),
            older.map { before in
                Node.p { Node.a(.href("/admin/learners/\(learner.id)?before=\(before)")) { "Older attempts" } }
            } ?? .empty,
        ]
    }
}
