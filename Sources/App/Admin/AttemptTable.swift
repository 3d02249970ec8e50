import Views

/// A table of attempts for the console, each marked against the content served now: current, changed
/// since it was graded, or removed (attempts outlive the questions they answered).
struct AttemptTable {
    var id: String
    var caption: String
    var rows: [AttemptActivity]
    var snapshot: ContentSnapshot
    /// Whether to show the learner column (not on a learner's own page).
    var showsLearner = true

    func node() -> Node {
        var columns = ["#", "Time"]
        if showsLearner { columns.append("Learner") }
        columns += ["Question", "Language", "Verdict", "Score", "Answer", "Graded against", "Question now"]
        return AdminTable(
            id: id, caption: caption, columns: columns,
            rows: rows.map { row in
                let attempt = row.attempt
                var cells: [Node] = [.text(String(attempt.id)), AdminLayout.time(attempt.createdAt)]
                if showsLearner {
                    cells.append(
                        .a(.href("/admin/learners/\(attempt.learnerID)")) { AdminLayout.name(row.displayName) })
                }
                cells += [
                    .code { attempt.questionID }, .text(attempt.language), .text(attempt.verdict.rawValue),
                    .text(AdminLayout.percent(attempt.score)),
                    .text(AdminLayout.excerpt(attempt.answer.isEmpty ? attempt.choice ?? "" : attempt.answer)),
                    .text(attempt.contentVersionID.map { "version #\($0)" } ?? "—"),
                    .text(status(of: attempt)),
                ]
                return cells
            }
        ).node()
    }

    /// How the attempt's question relates to the content served now.
    func status(of attempt: Attempt) -> String {
        let fingerprint: ContentFingerprint
        do {
            fingerprint = try snapshot.fingerprint
        } catch {
            return "unknown"
        }
        guard fingerprint.questions[attempt.questionID] != nil else { return "removed" }
        return fingerprint.questionHash(attempt.questionID) == attempt.questionHash ? "current" : "changed"
    }
}
