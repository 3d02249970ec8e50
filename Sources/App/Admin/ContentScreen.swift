import Views

/// The console's home page: the content being served and its report, the latest loads with the reload
/// button, backups, and a glimpse of recent activity.
struct ContentScreen {
    var snapshot: ContentSnapshot
    /// The `content_versions` row of the served snapshot.
    var served: ContentVersion?
    /// The latest loads, newest first (rejected ones included).
    var loads: [ContentVersion]
    var activity: [AttemptActivity]
    var backupDirectory: String
    /// A backup just written, to confirm.
    var backup: BackupService.Backup?
    /// The session's CSRF token; forms are shown only to browser sessions.
    var csrf: String?
    /// The reveal policy and retry penalty in force.
    var scoring: ScoringPolicy
    /// The hash of the cluster's last accepted version, when this node serves another one ("drift").
    var driftFrom: String? = nil

    func nodes() -> [Node] {
        let report = served.flatMap { ReloadReport.decode(stored: $0.report) }
        let latest = loads.first
        return [
            .section(.aria("labelledby", "served-heading")) {
                Node.h2(.id("served-heading")) { "Served content" }
                if let driftFrom {
                    AdminLayout.notice(
                        "Drift: this node's files differ from the cluster's last accepted version (\(driftFrom)); "
                            + "it keeps serving \(snapshot.contentHash). Update its Content/ and reload.",
                        isProblem: true)
                }
                if let latest, latest.outcome == .rejected, latest.id > snapshot.versionID {
                    AdminLayout.notice(
                        "The latest reload (#\(latest.id), by \(latest.loadedBy)) was rejected; version "
                            + "#\(snapshot.versionID) is still served.", isProblem: true)
                    errorList(ReloadReport.decode(stored: latest.report)?.errors ?? [])
                }
                Node.dl(.class("admin-facts")) {
                    fact("Version", "#\(snapshot.versionID)")
                    Node.dt { "Loaded" }
                    Node.dd {
                        AdminLayout.time(served?.loadedAt)
                        " by " + (served?.loadedBy ?? "—")
                    }
                    fact("Content hash", snapshot.contentHash)
                    fact("Languages", snapshot.languageCodes.joined(separator: ", "))
                    fact("Chapters", String(report?.chapters ?? snapshot.library.courses.first?.chapters.count ?? 0))
                    fact("Questions", String(snapshot.questionIDs.count))
                    fact("Answers and scores", scoring.summary)
                }
                Node.h3 { "Changes in this version" }
                changes(report?.changes)
                if let csrf {
                    AdminForm(
                        id: "reload", action: "/admin/reload", csrfToken: csrf, fields: [],
                        submitLabel: "Reload content from disk"
                    ).node()
                }
            },
            .section(.aria("labelledby", "loads-heading")) {
                Node.h2(.id("loads-heading")) { "Recent loads" }
                AdminTable(
                    id: "loads", caption: "Content loads, newest first",
                    columns: ["#", "Time", "By", "Outcome", "Hash", "Summary"],
                    rows: loads.map { version in
                        [
                            .text(String(version.id)), AdminLayout.time(version.loadedAt), .text(version.loadedBy),
                            .text(version.outcome.rawValue), .code { String(version.contentHash.prefix(12)) },
                            .text(summary(of: version)),
                        ]
                    }
                ).node()
            },
            .section(.aria("labelledby", "backup-heading")) {
                Node.h2(.id("backup-heading")) { "Backup" }
                if let backup {
                    AdminLayout.notice("Backup written: \(backup.path) (\(backup.bytes) bytes).")
                }
                Node.p {
                    "Online copies of the database go to "
                    Node.code { backupDirectory }
                    ", named by their UTC time."
                }
                if let csrf {
                    AdminForm(
                        id: "backup", action: "/admin/backup", csrfToken: csrf, fields: [],
                        submitLabel: "Back up the database now"
                    ).node()
                }
            },
            .section(.aria("labelledby", "activity-heading")) {
                Node.h2(.id("activity-heading")) { "Recent activity" }
                AttemptTable(id: "recent-activity", caption: "Latest attempts", rows: activity, snapshot: snapshot)
                    .node()
                Node.p { Node.a(.href("/admin/activity")) { "All activity" } }
            },
        ]
    }

    private func fact(_ term: String, _ value: String) -> Node {
        .fragment([.dt { term }, .dd { value }])
    }

    private func errorList(_ errors: [String]) -> Node {
        .ul(.class("admin-errors")) {
            for error in errors.prefix(50) {
                Node.li { Node.code { error } }
            }
        }
    }

    private func changes(_ changes: ReloadReport.Changes?) -> Node {
        guard let changes else { return .p { "First load since the server started: nothing to compare with." } }
        if changes.isEmpty { return .p { "No chapter, question or answer key changed." } }
        let groups: [(String, [String])] = [
            ("Languages added", changes.languagesAdded), ("Languages removed", changes.languagesRemoved),
            ("Sections added", changes.sectionsAdded), ("Sections removed", changes.sectionsRemoved),
            ("Sections changed", changes.sectionsChanged), ("Questions added", changes.questionsAdded),
            ("Questions removed", changes.questionsRemoved), ("Questions changed", changes.questionsChanged),
            ("Answer keys changed", changes.keysChanged),
        ]
        return .dl(.class("admin-changes")) {
            for (label, items) in groups where !items.isEmpty {
                Node.dt { label }
                Node.dd { items.joined(separator: ", ") }
            }
        }
    }

    /// One line per load: what changed, or why it was rejected.
    private func summary(of version: ContentVersion) -> String {
        guard let report = ReloadReport.decode(stored: version.report) else { return "" }
        if report.outcome != .loaded {
            let first = report.errors.first ?? "rejected"
            return report.errors.count > 1 ? "\(first) (+\(report.errors.count - 1) more)" : first
        }
        guard let changes = report.changes else { return "initial load" }
        if changes.isEmpty { return "no changes" }
        var parts: [String] = []
        let counts = [
            ("sections", changes.sectionsAdded.count, changes.sectionsRemoved.count, changes.sectionsChanged.count),
            ("questions", changes.questionsAdded.count, changes.questionsRemoved.count, changes.questionsChanged.count),
        ]
        for (noun, added, removed, changed) in counts where added + removed + changed > 0 {
            parts.append("\(noun): +\(added) −\(removed) ~\(changed)")
        }
        if !changes.keysChanged.isEmpty { parts.append("keys: ~\(changes.keysChanged.count)") }
        if !changes.languagesAdded.isEmpty || !changes.languagesRemoved.isEmpty {
            parts.append("languages: +\(changes.languagesAdded.count) −\(changes.languagesRemoved.count)")
        }
        return parts.joined(separator: "; ")
    }
}
