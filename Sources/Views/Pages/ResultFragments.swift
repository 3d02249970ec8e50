import Foundation

/// The per-learner fragments that fill slots: a graded result, the earlier attempts, progress marks and the
/// "continue" link. `folio.js` builds the same markup for results it receives with fetch.
struct ResultFragments {
    var context: PageContext

    func result(_ grade: GradeResult) -> [Node] {
        let strings = context.strings
        return [
            .p(.class("verdict verdict-" + grade.verdict.rawValue)) {
                Node.strong(.class("verdict-label")) { strings.verdict(grade.verdict) }
                " "
                Node.span(.class("verdict-score")) { strings.scoreLine(grade.score) }
            },
            grade.feedback.isEmpty ? .empty : .p(.class("feedback")) { grade.feedback },
            concepts(found: grade.found, missing: grade.missing),
            grade.reference.map(reference) ?? .empty,
        ]
    }

    /// A question's reference answer, as the reveal area shows it.
    func reference(_ text: String) -> Node {
        .div(.class("reference")) {
            Node.p(.class("reference-label")) { Node.strong { context.strings.referenceAnswer } }
            Node.p { text }
        }
    }

    /// The "Show the answer" form of a question: a plain POST (then App redirects back), or fetch in `folio.js`.
    func revealForm(questionID: String) -> Node {
        let language = URLPath.segment(context.language.code)
        let path = "/checkpoints/" + URLPath.segment(questionID) + "/reveal"
        return .form(
            .class("reveal-form"), Attribute("method", "post"), Attribute("action", "/" + language + path),
            .data("api", "/api/v1/" + language + path), .data("question", questionID)
        ) {
            Node.button(.type("submit"), .class("reveal-answer")) { context.strings.showAnswer }
        }
    }

    /// A chapter's answer paragraph in the appendix.
    func chapterAnswer(anchor: String, text: String) -> Node {
        .p(.class("chapter-answer"), .id(anchor)) { text }
    }

    /// What the appendix shows instead of a chapter's answers: why, and the form that reveals them.
    func hiddenChapterAnswer(chapter: Int, anchor: String, revealDisabled: Bool) -> Node {
        let strings = context.strings
        let noteID = anchor + "-hidden"
        let language = URLPath.segment(context.language.code)
        return .div(.class("answer-hidden"), .id(anchor)) {
            Node.p(.id(noteID)) {
                revealDisabled
                    ? strings.answersNotShown
                    : UIStrings.fill(strings.chapterAnswersHidden, ["number": String(chapter)])
            }
            if !revealDisabled {
                Node.form(
                    .class("chapter-reveal-form"), Attribute("method", "post"),
                    Attribute("action", "/" + language + "/appendix/chapters/\(chapter)/reveal")
                ) {
                    Node.button(.type("submit"), .class("reveal-chapter"), .aria("describedby", noteID)) {
                        strings.showChapterAnswers
                    }
                }
            }
        }
    }

    private func concepts(found: [String], missing: [String]) -> Node {
        guard !found.isEmpty || !missing.isEmpty else { return .empty }
        return .dl(.class("concepts")) {
            if !found.isEmpty {
                Node.dt(.class("concepts-found")) { context.strings.found }
                Node.dd(.class("concepts-found")) { Node.ul { for concept in found { Node.li { concept } } } }
            }
            if !missing.isEmpty {
                Node.dt(.class("concepts-missing")) { context.strings.missing }
                Node.dd(.class("concepts-missing")) { Node.ul { for concept in missing { Node.li { concept } } } }
            }
        }
    }

    /// The earlier attempts of a question, newest first; rendered hidden and empty when there are none, so
    /// `folio.js` has a list to add to.
    func attempts(questionID: String, _ attempts: [AttemptSummary]) -> Node {
        let strings = context.strings
        let titleID = questionID + "-attempts-title"
        return .section(
            .class("attempts"), .id(questionID + "-attempts"), .aria("labelledby", titleID),
            .when(attempts.isEmpty, .hidden)
        ) {
            Node.h3(.id(titleID)) { strings.earlierAttempts }
            Node.ol(.class("attempt-list")) {
                for attempt in attempts {
                    Node.li(.class("attempt")) {
                        Node.p(.class("attempt-meta")) {
                            Node.span(.class("verdict-badge verdict-" + attempt.verdict.rawValue)) {
                                strings.verdict(attempt.verdict)
                            }
                            " "
                            Node.span(.class("attempt-score")) { strings.percent(attempt.score) }
                            " "
                            Node.time(Attribute("datetime", Self.isoFormat(attempt.date))) {
                                Self.displayFormat(attempt.date)
                            }
                        }
                        if let choice = attempt.choice {
                            Node.p(.class("attempt-choice")) {
                                UIStrings.fill(strings.attemptChoice, ["choice": choice])
                            }
                        }
                        if !attempt.answer.isEmpty {
                            Node.p(.class("attempt-answer")) { attempt.answer }
                        }
                    }
                }
            }
        }
    }

    /// A section's progress mark: an icon, and words that the table of contents keeps for screen readers.
    func mark(_ mark: ProgressMark) -> Node {
        let strings = context.strings
        let (state, icon, text): (String, String, String)
        switch mark {
        case .passed: (state, icon, text) = ("passed", "✓", strings.markPassed)
        case .partial(let passed, let total):
            (state, icon, text) = ("partial", "◐", strings.questionsPassed(passed, of: total))
        case .read: (state, icon, text) = ("read", "•", strings.markRead)
        }
        return .span(.class("mark mark-" + state)) {
            Node.span(.class("mark-icon"), .aria("hidden", "true")) { icon }
            " "
            Node.span(.class("mark-text")) { text }
        }
    }

    /// The home page's link back to where the learner was.
    /// A question's text box; with a refused `draft`, it holds the text as typed, takes the focus (so the page
    /// opens at the question) and points at the reason shown in the result region.
    func answerInput(questionID: String, required: Bool, draft: AnswerDraft?) -> Node {
        .textarea(
            .id(questionID + "-answer"), .name("answer"), Attribute("rows", "3"), Attribute("maxlength", "4096"),
            .when(required, .required),
            .when(draft != nil, Attribute("autofocus", nil)),
            .when(draft != nil, Attribute("aria-invalid", "true")),
            .when(draft != nil, .aria("describedby", questionID + "-error"))
        ) {
            draft?.text ?? ""
        }
    }

    /// Why an answer sent without JavaScript was refused, in the question's result region.
    func draftError(questionID: String, _ draft: AnswerDraft) -> Node {
        .p(.class("form-message form-error"), .id(questionID + "-error")) { draft.message }
    }

    /// The end of a chapter the learner has read.
    func chapterRead() -> Node {
        .p(.class("chapter-read")) { context.strings.chapterRead }
    }

    /// The end of a chapter not read yet: a form (no JavaScript needed) that `folio.js` also sends by itself
    /// once the reader reaches it.
    func markReadForm(chapter number: Int) -> Node {
        let language = URLPath.segment(context.language.code)
        return .form(
            .class("mark-read"), Attribute("method", "post"),
            Attribute("action", "/\(language)/chapters/\(number)/read"),
            .data("section", "ch\(number)"), .data("language", context.language.code),
            .data("done", context.strings.chapterRead)
        ) {
            Node.button(.type("submit"), .class("mark-read-button")) { context.strings.markAsRead }
        }
    }

    func continueLink(_ resume: ResumePoint) -> Node {
        var href = resume.section.path(in: context.language.code)
        if let anchor = resume.anchor, !anchor.isEmpty {
            href += "#" + URLPath.segment(anchor)
        }
        return .a(.class("continue-link"), .href(href)) {
            Node.span(.class("continue-label")) { context.strings.continueReading }
            " "
            Node.span(.class("continue-target")) { context.heading(of: resume.section) }
        }
    }

    /// `2025-01-31T09:05:00Z`, for `<time datetime>`.
    static func isoFormat(_ date: Date) -> String {
        let parts = utcParts(date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year, parts.month, parts.day, parts.hour, parts.minute,
            parts.second)
    }

    /// `2025-01-31 09:05 UTC`: the same in every language, and what `folio.js` prints for a fresh attempt.
    static func displayFormat(_ date: Date) -> String {
        let parts = utcParts(date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d UTC", parts.year, parts.month, parts.day, parts.hour, parts.minute)
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Civil date and time in UTC, computed directly (Howard Hinnant's days-to-civil): no Calendar per attempt.
    private static func utcParts(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)
    {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, secondOfDay / 3_600, secondOfDay % 3_600 / 60, secondOfDay % 60)
    }
}
