/// `/{lang}/progress` (App redirects `/progress` there): chapters read and passed, first-try and final score per
/// section, the overall percentage, and each question answered or revealed. Rendered per request.
public struct ProgressPage: Sendable {
    /// The learner's progress; empty for a reader without one.
    public var report: ProgressReport
    /// The language and navigation of the page.
    public var context: PageContext
    /// The "Continue on another device" and "I have a code" sections; none when `nil`.
    public var resume: ResumePanel?

    /// The progress page for one report; set `resume` to show the resume sections.
    public init(report: ProgressReport, context: PageContext) {
        self.report = report
        self.context = context
    }

    /// The complete HTML document, UTF-8.
    public func render() -> [UInt8] {
        let strings = context.strings
        let shell = PageShell(
            context: context, title: strings.progressTitle + " — " + context.outline.title,
            languagePath: { "/" + URLPath.segment($0.code) + "/progress" }, hasAlternates: false
        )
        let chapters = context.outline.chapters.map { CourseSection.chapter($0.number) }
        let read = chapters.filter { report.sections[$0]?.read == true }.count
        let passed = chapters.filter { report.sections[$0]?.isPassed == true }.count
        let overall = strings.percent(report.overall)
        let nodes = shell.document {
            Node.h1 { strings.progressTitle }
            if let cohort = report.cohortName {
                if report.justJoined {
                    Node.p(.class("notice joined"), Attribute("role", "status")) {
                        UIStrings.fill(strings.joinedCohort, ["cohort": cohort])
                    }
                }
                Node.p(.class("progress-cohort")) { UIStrings.fill(strings.progressCohort, ["cohort": cohort]) }
            }
            Node.p(.class("progress-overall")) {
                Node.label(.for("overall-progress")) { UIStrings.fill(strings.progressOverall, ["percent": overall]) }
                " "
                Node.element(
                    "progress",
                    [
                        .id("overall-progress"), Attribute("max", "100"),
                        .value(String(Int((min(max(report.overall, 0), 1) * 100).rounded()))),
                    ]
                ) {
                    overall
                }
            }
            Node.p(.class("progress-summary")) {
                UIStrings.fill(
                    strings.progressSummary,
                    ["read": String(read), "passed": String(passed), "total": String(chapters.count)])
            }
            Node.div(
                .class("table-scroll"), Attribute("tabindex", "0"), Attribute("role", "region"),
                .aria("labelledby", "progress-caption")
            ) {
                Node.table(.class("progress-table")) {
                    Node.caption(.id("progress-caption")) { strings.progressTitle }
                    Node.thead {
                        Node.tr {
                            Node.th(Attribute("scope", "col")) { strings.progressSection }
                            Node.th(Attribute("scope", "col")) { strings.progressRead }
                            Node.th(Attribute("scope", "col")) { strings.progressQuestions }
                            Node.th(Attribute("scope", "col")) { strings.progressFirstTry }
                            Node.th(Attribute("scope", "col")) { strings.progressScore }
                        }
                    }
                    Node.tbody {
                        for section in context.outline.sections {
                            row(section)
                        }
                    }
                }
            }
            if !report.questions.isEmpty {
                questionTable()
            }
            if let resume {
                ResumeSections(panel: resume, context: context).node()
            }
        }
        return HTMLRenderer.bytes(nodes)
    }

    private func row(_ section: CourseSection) -> Node {
        let strings = context.strings
        let progress = report.sections[section]
        let total = progress?.questionsTotal ?? questionCount(section)
        return .tr(.class(progress?.isPassed == true ? "passed" : "")) {
            Node.th(Attribute("scope", "row")) {
                Node.a(.href(section.path(in: context.language.code))) { context.heading(of: section) }
            }
            Node.td { progress?.read == true ? strings.yes : strings.no }
            Node.td { total == 0 ? "–" : "\(progress?.questionsPassed ?? 0)/\(total)" }
            Node.td { progress?.firstScore.map { strings.percent($0) } ?? "–" }
            Node.td { progress?.score.map { strings.percent($0) } ?? "–" }
        }
    }

    /// Each question answered or revealed: first try next to the final score, tries, whether the answer was shown.
    private func questionTable() -> Node {
        let strings = context.strings
        return .div(
            .class("table-scroll"), Attribute("tabindex", "0"), Attribute("role", "region"),
            .aria("labelledby", "questions-caption")
        ) {
            Node.table(.class("progress-table question-table")) {
                Node.caption(.id("questions-caption")) { strings.progressQuestionTable }
                Node.thead {
                    Node.tr {
                        Node.th(Attribute("scope", "col")) { strings.progressQuestion }
                        Node.th(Attribute("scope", "col")) { strings.progressFirstTry }
                        Node.th(Attribute("scope", "col")) { strings.progressScore }
                        Node.th(Attribute("scope", "col")) { strings.progressTries }
                        Node.th(Attribute("scope", "col")) { strings.progressRevealed }
                    }
                }
                Node.tbody {
                    for question in report.questions {
                        Node.tr(.when(question.passed, .class("passed")), .id("progress-" + question.id)) {
                            Node.th(Attribute("scope", "row")) {
                                Node.a(.href(question.section.path(in: context.language.code) + "#" + question.id)) {
                                    context.heading(of: question.section) + " · "
                                        + strings.questionLabel(question.number)
                                }
                            }
                            Node.td { question.attempts == 0 ? "–" : strings.percent(question.firstScore) }
                            Node.td { strings.percent(question.score) }
                            Node.td { String(question.attempts) }
                            Node.td(.when(question.revealed, .class("revealed"))) {
                                question.revealed ? strings.yes : strings.no
                            }
                        }
                    }
                }
            }
        }
    }

    private func questionCount(_ section: CourseSection) -> Int {
        switch section {
        case .chapter(let number): return context.outline.chapters.first { $0.number == number }?.questionCount ?? 0
        case .practice: return context.outline.practiceQuestionCount
        case .appendix: return 0
        }
    }
}
