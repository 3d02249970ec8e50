import Views

/// The console's item analysis: per question and language, facility, first-try facility, discrimination,
/// common wrong answers, and the language-gap flag, filtered by language and cohort with a plain GET form.
enum ItemScreen {
    static func nodes(
        _ analysis: ItemAnalysis, languages: [String], cohorts: [Cohort], filter: ItemRoutes.Filter, problem: String?
    ) -> [Node] {
        let flagged = analysis.items.filter { $0.flag != nil }
        return [
            problem.map { AdminLayout.notice($0, isProblem: true) } ?? .empty,
            .form(.class("item-filter"), Attribute("method", "get"), Attribute("action", "/admin/items")) {
                Node.label(.for("item-language")) { "Language" }
                Node.element("select", [.id("item-language"), .name("language")]) {
                    Node.element("option", [.value("")]) { "All" }
                    for code in languages {
                        Node.element(
                            "option", [.value(code), .when(filter.language == code, Attribute("selected", nil))]
                        ) { code }
                    }
                }
                Node.label(.for("item-cohort")) { "Cohort" }
                Node.element("select", [.id("item-cohort"), .name("cohort")]) {
                    Node.element("option", [.value("")]) { "Everyone" }
                    for cohort in cohorts {
                        Node.element(
                            "option",
                            [
                                .value(String(cohort.id)),
                                .when(filter.cohortID == cohort.id, Attribute("selected", nil)),
                            ]
                        ) { cohort.name }
                    }
                }
                Node.button(.type("submit")) { "Show" }
            },
            .p {
                "Facility is the mean final score; discrimination the correlation between a question's score and "
                    + "the rest of the learner's total (— when undefined). A question is flagged when its facility "
                    + "in one language is at least \(AdminLayout.percent(ItemAnalysis.languageGapThreshold)) below "
                    + "the other languages', with at least \(ItemAnalysis.languageGapMinimumLearners) learners on "
                    + "each side: a likely translation or answer-key problem."
            },
            flagged.isEmpty
                ? .empty
                : AdminLayout.notice(
                    "Language gap: " + flagged.map { "\($0.question) in \($0.language)" }.joined(separator: ", "),
                    isProblem: true),
            AdminTable(
                id: "items", caption: "Questions by language, in course order",
                columns: [
                    "Question", "Language", "Learners", "Tries", "Facility", "First try", "Discrimination",
                    "Common wrong answers", "Flag",
                ],
                rows: analysis.items.map { item in
                    [
                        .code { item.question }, .text(item.language), .text(String(item.learners)),
                        .text(String(item.attempts)), .text(AdminLayout.percent(item.facility)),
                        .text(AdminLayout.percent(item.firstTryFacility)),
                        .text(item.discrimination.map { String(format: "%.2f", $0) } ?? "—"),
                        item.commonWrong.isEmpty
                            ? .text("—")
                            : .ul(.class("common-wrong")) {
                                for wrong in item.commonWrong {
                                    Node.li { "“\(AdminLayout.excerpt(wrong.answer, limit: 60))” × \(wrong.count)" }
                                }
                            },
                        item.flag.map { flag in
                            Node.span(.class("status-chip status-overdue")) {
                                flag == .languageGap ? "Language gap" : flag.rawValue
                            }
                        } ?? .text(""),
                    ]
                }
            ).node(),
        ]
    }
}
