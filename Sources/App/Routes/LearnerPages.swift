import Foundation
import Grading
import HTTP
import Views

/// What a known learner sees in the page slots: progress marks, earlier attempts and latest results.
enum LearnerPages {
    /// Earlier attempts listed per section at most.
    static let attemptsShown = 60

    /// Reads the learner's progress (and, for a section, its attempts) and maps it to the views' state: marks,
    /// attempts, the latest results, the references the policy lets them see and the appendix answers shown.
    static func state(
        for learner: Learner, section: CourseSection?, language: ContentSnapshot.LanguageContent,
        snapshot: ContentSnapshot, attempts store: any AttemptStoring, policy: ScoringPolicy
    ) throws -> LearnerState {
        let records = try store.progressRecords(learnerID: learner.id)
        let attempts =
            try section.map {
                try store.latestAttempts(learnerID: learner.id, section: $0, limit: attemptsShown)
            } ?? []
        let progress = LearnerProgress(records: records, snapshot: snapshot, policy: policy)
        var state = LearnerState(
            sections: progress.sectionProgress, resume: progress.lastSection.map { ResumePoint(section: $0) })
        let code = language.course.language.code
        let tries = records.tries
        fillAnswers(&state, section: section, tries: tries, language: language, snapshot: snapshot, policy: policy)
        for attempt in attempts {
            state.attempts[attempt.questionID, default: []].append(
                AttemptSummary(
                    date: Date(timeIntervalSince1970: Double(attempt.createdAt) / 1000), answer: attempt.answer,
                    choice: attempt.choice.map {
                        optionLabel($0, of: attempt.questionID, in: code, snapshot: snapshot)
                    },
                    verdict: attempt.verdict,
                    score: attempt.score))
            // The newest attempt's result is shown again (the no-JavaScript flow lands here after its POST):
            // grading is deterministic, so re-grading the stored answer reproduces what was found and missing.
            if state.results[attempt.questionID] == nil,
                let question = snapshot.question(attempt.questionID, in: code),
                let grade = try? snapshot.grader.grade(
                    questionID: attempt.questionID, language: code,
                    answer: attempt.answer.isEmpty ? nil : attempt.answer, choice: attempt.choice,
                    reference: question.reference)
            {
                // Until the reference is theirs, the feedback names no answer (as the API's does).
                let open = state.references[attempt.questionID] != nil
                var result = GradeResult(grade)
                result.reference = nil
                if !open {
                    result.missing = grade.withheld.missing
                    result.feedback = grade.withheld.feedback
                }
                state.results[attempt.questionID] = result
            }
        }
        return state
    }

    /// The references a reader may see in `section` (shown in each question's reveal area) and, for the
    /// appendix, the chapters whose answers are shown; `tries` is empty for an anonymous reader.
    static func fillAnswers(
        _ state: inout LearnerState, section: CourseSection?, tries: [String: QuestionTries],
        language: ContentSnapshot.LanguageContent, snapshot: ContentSnapshot, policy: ScoringPolicy
    ) {
        let code = language.course.language.code
        state.revealDisabled = policy.reveal == .never
        switch section {
        case .chapter(let number):
            for question in language.course.chapters.first(where: { $0.number == number })?.questions ?? []
            where policy.showsReference(tries[question.id]) {
                state.references[question.id] = snapshot.reference(for: question.id, language: code)
            }
        case .practice:
            for question in language.course.practice.questions where policy.showsReference(tries[question.id]) {
                state.references[question.id] = snapshot.reference(for: question.id, language: code)
            }
        case .appendix:
            for chapter in language.chapterQuestions
            where policy.showsChapterAnswers(questionIDs: chapter.questionIDs, tries: tries) {
                state.shownAnswers.insert(chapter.number)
            }
        case nil:
            break
        }
    }

    /// The label a learner saw for a stored option id ("in alto e in basso" for `topBottom`), in the page's
    /// language; the id itself only if the keys no longer know it.
    static func optionLabel(_ id: String, of questionID: String, in language: String, snapshot: ContentSnapshot)
        -> String
    {
        snapshot.book.options(of: questionID, in: language)?.first { $0.id == id }?.label ?? id
    }

    /// A page rendered for one reader: never stored by shared caches.
    static func personal(
        _ body: [UInt8], language: ContentSnapshot.LanguageContent, status: Status = .ok
    ) -> Response {
        var headers = Headers()
        headers.add("Content-Type", "text/html; charset=utf-8")
        headers.add("Cache-Control", "private, no-store")
        headers.add("Set-Cookie", PageRoutes.languageCookie(language.course.language.code))
        SecurityHeaders.addPage(to: &headers)
        return Response(status: status, headers: headers, body: body)
    }

    /// `/{lang}/progress` for `learner` (empty for a browser without one), with the resume sections as `resume`
    /// describes them (`resume.hasLearner` is set here), their cohort's name and, after joining, a confirmation.
    static func progress(
        learner: Learner?, language: ContentSnapshot.LanguageContent, snapshot: ContentSnapshot,
        attempts store: any AttemptStoring, policy: ScoringPolicy,
        resume: ResumePanel = ResumePanel(), status: Status = .ok, cohortName: String? = nil, justJoined: Bool = false
    ) throws -> Response {
        var report = ProgressReport(sections: [:], overall: 0)
        if let learner {
            let progress = LearnerProgress(
                records: try store.progressRecords(learnerID: learner.id), snapshot: snapshot, policy: policy)
            report = ProgressReport(
                sections: progress.sectionProgress, overall: progress.overall,
                questions: progress.questionProgress(in: language.course))
            report.cohortName = cohortName
            report.justJoined = justJoined && cohortName != nil
        }
        var page = ProgressPage(report: report, context: language.pages.context)
        var resume = resume
        resume.hasLearner = learner != nil
        resume.lifetimeMinutes = Int(Learner.resumeCodeLifetimeMilliseconds / 60_000)
        page.resume = resume
        return personal(page.render(), language: language, status: status)
    }
}
