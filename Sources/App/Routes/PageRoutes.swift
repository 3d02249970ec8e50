import Foundation
import HTTP
import Views

/// The reader's HTML pages. Anonymous readers get the pre-rendered page from memory; a learner's page is
/// the same page with its slots (progress marks, earlier attempts, latest results) filled in.
enum PageRoutes {
    static let languageCookieName = "folio_lang"
    /// Results on one page of `/{lang}/search`; `&page=N` shows the others.
    static let searchPageSize = 20

    static func register(on router: inout Router, _ services: Services) {
        let content = services.content
        router.get("/") { request in
            let snapshot = content.snapshot
            return Response.redirect(to: "/" + preferredLanguage(request, snapshot) + "/", status: .found)
        }
        router.get("/:lang") { request in
            let language = try pageLanguage(request, content.snapshot)
            return Response.redirect(to: "/" + language.course.language.code + "/", status: .movedPermanently)
        }
        router.get("/:lang/") { request throws -> Response in
            let snapshot = content.snapshot
            let language = try pageLanguage(request, snapshot)
            guard let learner = try services.identity.learner(for: request) else {
                return language.preparedHome.respond(to: request)
            }
            let state = try LearnerPages.state(
                for: learner, section: nil, language: language, snapshot: snapshot, attempts: services.attempts,
                policy: services.configuration.scoring)
            return LearnerPages.personal(language.pages.home.bytes(for: state), language: language)
        }
        router.add(
            .get, "/:lang/chapters/:n",
            .deferring { request in
                let snapshot = content.snapshot
                let language = try pageLanguage(request, snapshot)
                guard let number = CourseAPIRoutes.chapterNumber(request), language.pages.chapters[number] != nil
                else { throw HTTPError(.notFound, "no such chapter") }
                if let other = request.query("with"), other != language.course.language.code {
                    return try parallel(chapter: number, with: other, request: request, language: language, snapshot)
                }
                return .now(
                    try section(
                        .chapter(number), request: request, language: language, snapshot: snapshot,
                        services: services))
            })
        router.get("/:lang/appendix") { request throws -> Response in
            let snapshot = content.snapshot
            let language = try pageLanguage(request, snapshot)
            return try section(
                .appendix, request: request, language: language, snapshot: snapshot, services: services)
        }
        router.get("/:lang/practice") { request throws -> Response in
            let snapshot = content.snapshot
            let language = try pageLanguage(request, snapshot)
            return try section(
                .practice, request: request, language: language, snapshot: snapshot, services: services)
        }
        // On the search threads: a full-text query is real work, neither for an event loop nor for the task pool.
        router.get("/:lang/search") { request async throws -> Response in
            let language = try pageLanguage(request, content.snapshot)
            return try await SearchWorkers.shared.run { try searchPage(request, language: language) }
        }
        router.get("/progress") { request in
            Response.redirect(to: "/" + preferredLanguage(request, content.snapshot) + "/progress", status: .found)
        }
        router.get("/:lang/progress") { request async throws -> Response in
            let snapshot = content.snapshot
            let language = try pageLanguage(request, snapshot)
            // A scanned resume link lands here with its code filled in, for the reader to confirm.
            let typed = String((request.query("code") ?? "").prefix(ResumeRoutes.maximumCodeLength))
            let learner = try services.identity.learner(for: request)
            var cohort: Cohort?
            if let id = learner?.cohortID { cohort = try await services.cohorts.cohort(id: id) }
            return try LearnerPages.progress(
                learner: learner, language: language, snapshot: snapshot,
                attempts: services.attempts, policy: services.configuration.scoring,
                resume: ResumePanel(typedCode: typed), cohortName: cohort?.name,
                justJoined: request.query("joined") == "1")
        }
        let grading = AttemptRoutes.Context(services)
        router.post("/:lang/checkpoints/:id/attempts") { request async throws -> Response in
            try await formAttempt(request, grading)
        }
        let reads = LearnerAPIRoutes.Context(services)
        router.post("/:lang/chapters/:n/read") { request async throws -> Response in
            try await markRead(request, reads)
        }
        let files = services.staticFiles
        router.get("/static/*") { request in try files.respond(to: request) }
        router.get("/favicon.ico") { _ in Response.redirect(to: "/static/favicon.svg", status: .movedPermanently) }
    }

    /// `/{lang}/search?q=…&page=N`: one page of results with their snippets.
    static func searchPage(_ request: Request, language: ContentSnapshot.LanguageContent) throws -> Response {
        let query = String((request.query("q") ?? "").prefix(200))
        let number = request.query("page").flatMap { Int($0) }.map { min(max($0, 1), 10_000) } ?? 1
        let found = try language.search.search(query, offset: (number - 1) * searchPageSize, limit: searchPageSize)
        let hits = found.results.map { SearchHit(section: $0.section, anchor: $0.anchor, snippet: $0.snippet) }
        let page = SearchPage(
            query: query, hits: hits, context: language.pages.context, total: found.total, page: number,
            pageSize: searchPageSize
        ).render()
        return LearnerPages.personal(page, language: language)
    }

    /// `/{lang}/chapters/{n}?with={other}`: the prepared page when there is one (a lookup, on the loop), else
    /// rendered and kept in a task; 404 when `other` is not a course language.
    static func parallel(
        chapter number: Int, with other: String, request: Request, language: ContentSnapshot.LanguageContent,
        _ snapshot: ContentSnapshot
    ) throws -> Handler.Outcome {
        guard let otherLanguage = snapshot.language(other) else {
            throw HTTPError(.notFound, "no course in language \(other)")
        }
        if let prepared = language.parallelPages.prepared(chapter: number, with: other) {
            return .now(prepared.respond(to: request))
        }
        return .later {
            guard
                let prepared = try language.parallelPages.prepare(
                    chapter: number, with: other, pages: language.pages, otherPages: otherLanguage.pages)
            else { throw HTTPError(.notFound, "no course in language \(other)") }
            return prepared.respond(to: request)
        }
    }

    /// A chapter, the appendix or the case study: prepared bytes for anonymous readers, slots filled for learners.
    ///
    /// Runs on the event loop: the anonymous path is a lookup, and a learner's page costs two indexed reads on
    /// a WAL reader connection (well under a millisecond), cheaper than handing the request to a task.
    ///
    /// The reveal policy picks the anonymous bytes: the appendix with every answer under `--reveal immediately`,
    /// and pages without reveal forms under `--reveal never` (rendered per request, that policy only).
    static func section(
        _ section: CourseSection, request: Request, language: ContentSnapshot.LanguageContent,
        snapshot: ContentSnapshot, services: Services
    ) throws -> Response {
        guard let learner = try services.identity.learner(for: request) else {
            switch services.configuration.scoring.reveal {
            case .afterTries:
                break
            case .immediately:
                if section == .appendix { return language.preparedOpenAppendix.respond(to: request) }
            case .never:
                guard let page = language.pages.page(for: section) else {
                    throw HTTPError(.notFound, "no such page")
                }
                return LearnerPages.personal(page.bytes(for: LearnerState(revealDisabled: true)), language: language)
            }
            guard let prepared = language.preparedPages[section] else { throw HTTPError(.notFound, "no such page") }
            return prepared.respond(to: request)
        }
        guard let page = language.pages.page(for: section) else { throw HTTPError(.notFound, "no such page") }
        let state = try LearnerPages.state(
            for: learner, section: section, language: language, snapshot: snapshot, attempts: services.attempts,
            policy: services.configuration.scoring)
        return LearnerPages.personal(page.bytes(for: state), language: language)
    }

    /// The no-JavaScript checkpoint form: grade, store, then redirect back to the question (303); refused
    /// (403) when another site sent it.
    static func formAttempt(_ request: Request, _ context: AttemptRoutes.Context) async throws -> Response {
        try context.crossSite.requireSameSiteForm(request)
        let snapshot = context.content.snapshot
        let language = try pageLanguage(request, snapshot)
        let form = FormBody(request)
        let questionID = request.parameters["id"] ?? ""
        let outcome: AttemptRoutes.Outcome
        do {
            outcome = try await AttemptRoutes.grade(
                request, answer: form["answer"], choice: form["choice"], context: context)
        } catch let error as HTTPError where error.status.code == 422 {
            return try refusedAnswer(
                request, questionID: questionID, typed: form["answer"] ?? "", language: language, snapshot: snapshot,
                context: context)
        }
        let code = language.course.language.code
        var response = Response.redirect(
            to: outcome.attempt.section.path(in: code) + "#" + questionID, status: .seeOther)
        if let issued = outcome.issued {
            response.headers.add("Set-Cookie", context.identity.cookie(for: issued.token, request: request))
        }
        return response
    }

    /// The page of the question again (422), with the reason beside it and the text as typed, focused: what a
    /// form sent without JavaScript and without an answer gets, instead of a dead-end error page.
    static func refusedAnswer(
        _ request: Request, questionID: String, typed: String, language: ContentSnapshot.LanguageContent,
        snapshot: ContentSnapshot, context: AttemptRoutes.Context
    ) throws -> Response {
        let code = language.course.language.code
        guard let found = snapshot.question(questionID, in: code), let section = CourseSection(name: found.section)
        else {
            throw HTTPError(.notFound, "no such question")
        }
        guard let page = language.pages.page(for: section) else { throw HTTPError(.notFound, "no such page") }
        var state = LearnerState(revealDisabled: context.scoring.reveal == .never)
        if let learner = try context.identity.learner(for: request) {
            state = try LearnerPages.state(
                for: learner, section: section, language: language, snapshot: snapshot, attempts: context.attempts,
                policy: context.scoring)
        }
        state.drafts[questionID] = AnswerDraft(text: typed, message: language.pages.context.strings.answerRequired)
        return LearnerPages.personal(page.bytes(for: state), language: language, status: Status(code: 422))
    }

    /// The "mark as read" form at a chapter's end (no JavaScript needed): record the read, then back to the
    /// chapter's end (303), where the form has become a line saying the chapter is read.
    static func markRead(_ request: Request, _ context: LearnerAPIRoutes.Context) async throws -> Response {
        try context.crossSite.requireSameSiteForm(request)
        let snapshot = context.content.snapshot
        let language = try pageLanguage(request, snapshot)
        let number = request.parameters["n"] ?? ""
        guard !number.isEmpty, number.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let section = CourseSection(name: "ch" + number), InputRules.sectionNames(snapshot).contains(section.name)
        else { throw HTTPError(.notFound, "no such chapter") }
        let code = language.course.language.code
        let issued = try await LearnerAPIRoutes.recordRead(
            section, language: code, request: request, context: context)
        var response = Response.redirect(to: "/\(code)/chapters/\(number)#chapter-end", status: .seeOther)
        if let issued {
            response.headers.add("Set-Cookie", context.identity.cookie(for: issued.token, request: request))
        }
        return response
    }

    /// The course language named by `:lang`, or a 404 page.
    static func pageLanguage(_ request: Request, _ snapshot: ContentSnapshot) throws(HTTPError)
        -> ContentSnapshot.LanguageContent
    {
        guard let language = snapshot.language(request.parameters["lang"] ?? "") else {
            throw HTTPError(.notFound, "no course in this language")
        }
        return language
    }

    /// The language a path starts with, when it is one of the course's (for error pages).
    static func pathLanguage(_ request: Request, _ snapshot: ContentSnapshot) -> String? {
        let first = request.path.split(separator: "/").first.map(String.init) ?? ""
        return snapshot.language(first) != nil ? first : nil
    }

    /// Cookie first, then `Accept-Language` (by quality, matching primary subtags), then the first language.
    static func preferredLanguage(_ request: Request, _ snapshot: ContentSnapshot) -> String {
        if let cookie = LearnerIdentity.cookie(named: languageCookieName, in: request), snapshot.language(cookie) != nil
        {
            return cookie
        }
        let codes = snapshot.languageCodes
        for range in AcceptLanguage.ranges(request.headers["Accept-Language"]) {
            if let match = AcceptLanguage.match(range, among: codes) { return match }
        }
        return codes.first ?? "it"
    }

    static func languageCookie(_ code: String) -> String {
        "\(languageCookieName)=\(code); Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax"
    }
}
