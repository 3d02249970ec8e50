import Foundation
import HTTP
import Views

/// "Show the answer": `POST /api/v1/{lang}/checkpoints/{id}/reveal`, the same as a no-JavaScript form, and the
/// appendix's "show this chapter's answers" form. A reveal is recorded once; from then on the question earns
/// no credit (unless it was already answered correctly).
enum RevealRoutes {
    /// What revealing answers uses: content, policy, the learner check, limits and the attempt store.
    struct Context: Sendable {
        let crossSite: CrossSiteGuard
        let identity: LearnerIdentity
        let content: ContentHost
        let scoring: ScoringPolicy
        let authenticator: Authenticator
        let clients: ClientAddresses
        let attemptLimiter: RateLimiter
        let attempts: any AttemptStoring

        init(_ services: Services) {
            crossSite = services.crossSite
            identity = services.identity
            content = services.content
            scoring = services.configuration.scoring
            authenticator = services.authenticator
            clients = services.clients
            attemptLimiter = services.attemptLimiter
            attempts = services.attempts
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        router.post("/api/v1/:lang/checkpoints/:id/reveal") { request async throws -> Response in
            try context.crossSite.requireSameSiteAPI(request)
            let outcome = try await reveal(request, context: context)
            let body: JSONValue = [
                "question": .string(outcome.questionID),
                "reference": .stringOrNull(outcome.reference),
                "revealed_at": .time(outcome.revealedAt),
            ]
            var headers = Headers()
            if let issued = outcome.issued {
                headers.add("Set-Cookie", context.identity.cookie(for: issued.token, request: request))
            }
            return body.response(headers: headers)
        }
        router.post("/:lang/checkpoints/:id/reveal") { request async throws -> Response in
            try context.crossSite.requireSameSiteForm(request)
            let language = try PageRoutes.pageLanguage(request, context.content.snapshot)
            let outcome = try await reveal(request, context: context)
            var response = Response.redirect(
                to: outcome.section.path(in: language.course.language.code) + "#" + outcome.questionID,
                status: .seeOther)
            if let issued = outcome.issued {
                response.headers.add("Set-Cookie", context.identity.cookie(for: issued.token, request: request))
            }
            return response
        }
        router.post("/:lang/appendix/chapters/:n/reveal") { request async throws -> Response in
            try context.crossSite.requireSameSiteForm(request)
            return try await revealChapter(request, context: context)
        }
    }

    /// One recorded reveal.
    struct Outcome {
        let questionID: String
        let section: CourseSection
        let reference: String?
        let revealedAt: Int64?
        let issued: IssuedLearner?
    }

    /// Records that the learner asked for a question's answer and returns it.
    ///
    /// - Throws: `HTTPError` with the API error shape: 404 unknown language or question, 403 under
    ///   `--reveal never`, 401 an unknown bearer token, 429 too many requests, 503 a full write queue.
    static func reveal(_ request: Request, context: Context) async throws -> Outcome {
        let snapshot = context.content.snapshot
        let language = try CourseAPIRoutes.language(request, snapshot).course.language.code
        let questionID = request.parameters["id"] ?? ""
        guard let (section, _, _) = snapshot.question(questionID, in: language) else {
            throw APIError.notFound("no checkpoint question \"\(questionID)\" in \(language)")
        }
        let revealed = try await record(
            [(questionID, section)], language: language, request: request, context: context)
        let issued = revealed.issued
        let facts = revealed.tries[questionID]
        return Outcome(
            questionID: questionID, section: section,
            reference: context.scoring.showsReference(facts)
                ? snapshot.reference(for: questionID, language: language) : nil,
            revealedAt: facts?.revealedAt, issued: issued)
    }

    /// The appendix form: reveals every question of chapter `:n`, then back to its answer paragraph (303).
    static func revealChapter(_ request: Request, context: Context) async throws -> Response {
        let snapshot = context.content.snapshot
        let language = try PageRoutes.pageLanguage(request, snapshot)
        let code = language.course.language.code
        guard let number = CourseAPIRoutes.chapterNumber(request),
            let chapter = language.course.chapters.first(where: { $0.number == number })
        else { throw HTTPError(.notFound, "no such chapter") }
        let issued = try await record(
            chapter.questions.map { ($0.id, CourseSection.chapter(number)) }, language: code, request: request,
            context: context
        ).issued
        let anchor =
            language.course.appendix.sections.lazy.flatMap(\.blocks).first { $0.line == chapter.answer.line }?.anchor
            ?? "appendix-answers"
        var response = Response.redirect(to: "/" + code + "/appendix#" + anchor, status: .seeOther)
        if let issued {
            response.headers.add("Set-Cookie", context.identity.cookie(for: issued.token, request: request))
        }
        return response
    }

    /// Checks the policy and the limits, then stores the reveals (creating the learner on first need).
    private static func record(
        _ questions: [(id: String, section: CourseSection)], language: String, request: Request, context: Context
    ) async throws -> RevealedAnswers {
        guard context.scoring.reveal != .never else {
            throw APIError.make(.forbidden, code: "reveal_disabled", "this server never shows reference answers")
        }
        let learnerID = try await context.authenticator.answeringLearnerID(request)
        let limiterKey = learnerID.map { "learner:\($0)" } ?? "address:" + context.clients.address(of: request)
        if case .limited(let retryAfter) = context.attemptLimiter.acquire(limiterKey) {
            throw APIError.rateLimited(retryAfter: retryAfter)
        }
        return try await durably {
            try await context.attempts.reveal(
                questions, by: learnerID.map { .existing($0) } ?? .create(language: language))
        }
    }
}
