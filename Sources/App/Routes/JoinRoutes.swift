import HTTP
import Views

/// `/join/{code}`: the browser page where someone invited to a cohort gives a display name and joins.
///
/// The learner is identified by a cookie, so the form is protected against cross-site request forgery
/// twice: a double-submit token (a random value in a `SameSite=Strict` cookie that must equal the form's
/// hidden field; another site can neither read the cookie nor make the browser send it) and, when the
/// browser sends them, `Sec-Fetch-Site` / `Origin` must name this site.
enum JoinRoutes {
    static let csrfCookieName = "folio_join_csrf"

    /// What joining a cohort uses: content, the cohort and learner stores, identity, the same-site check, limits.
    struct Context: Sendable {
        let identity: LearnerIdentity
        let crossSite: CrossSiteGuard
        let content: ContentHost
        let learners: any LearnerStoring
        let attemptLimiter: RateLimiter
        let clients: ClientAddresses
        let cohorts: any CohortStoring

        init(_ services: Services) {
            identity = services.identity
            crossSite = services.crossSite
            content = services.content
            learners = services.learners
            attemptLimiter = services.attemptLimiter
            clients = services.clients
            cohorts = services.cohorts
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        router.get("/join/:code") { request async throws -> Response in
            let cohort = try await invitedCohort(request, context: context)
            let learner = try context.identity.learner(for: request)
            return try page(
                cohort, displayName: learner?.displayName ?? "", error: nil, status: .ok, request: request,
                context: context)
        }
        router.post("/join/:code") { request async throws -> Response in
            let cohort = try await invitedCohort(request, context: context)
            let form = FormBody(request)
            guard context.crossSite.isSameSite(request), let field = form["csrf"],
                let cookie = LearnerIdentity.cookie(named: csrfCookieName, in: request),
                Secrets.constantTimeEqual(Secrets.digest(field), Secrets.digest(cookie))
            else { throw HTTPError(.forbidden, "the join form must be sent from this site") }
            let typed = form["display_name"] ?? ""
            let name: String
            do {
                name = try InputRules.name(typed, field: "display_name")
            } catch {
                let strings = try pageContext(request, context: context).strings
                return try page(
                    cohort, displayName: String(typed.prefix(InputRules.maximumNameLength)),
                    error: strings.badRequestMessage, status: Status(code: 422), request: request, context: context)
            }
            let language = PageRoutes.preferredLanguage(request, context.content.snapshot)
            var response = Response.redirect(to: "/" + language + "/progress?joined=1", status: .seeOther)
            if let learner = try context.identity.learner(for: request) {
                _ = try await durably {
                    try await context.learners.join(learnerID: learner.id, cohortID: cohort.id, displayName: name)
                }
            } else {
                try LearnerAPIRoutes.limitNewLearners(
                    request, limiter: context.attemptLimiter, clients: context.clients)
                let issued = try await durably {
                    try await context.learners.create(displayName: name, language: language, cohortID: cohort.id)
                }
                response.headers.add("Set-Cookie", context.identity.cookie(for: issued.token, request: request))
            }
            response.headers.add("Cache-Control", "no-store")
            return response
        }
    }

    /// The cohort the `:code` invites to; the 410 page for a code replaced by a new one, else the 404 page.
    static func invitedCohort(_ request: Request, context: Context) async throws -> Cohort {
        let code = request.parameters["code"] ?? ""
        guard let cohort = try await context.cohorts.cohort(joinCode: code) else {
            if try await context.cohorts.isRetired(joinCode: code) {
                throw HTTPError(.gone, "this invitation link was replaced by a new one")
            }
            throw HTTPError(.notFound, "no such invitation")
        }
        return cohort
    }

    /// The join form, with a CSRF token (the browser's current one, or a fresh one set in the cookie).
    static func page(
        _ cohort: Cohort, displayName: String, error: String?, status: Status, request: Request, context: Context
    ) throws(HTTPError) -> Response {
        let existing = LearnerIdentity.cookie(named: csrfCookieName, in: request)
        let token = existing.flatMap { Learner.isWellFormedToken($0) ? $0 : nil } ?? Secrets.makeToken()
        let invitation = JoinInvitation(
            code: cohort.joinCode, cohortName: cohort.name, displayName: displayName, error: error, csrfToken: token)
        var headers = Headers()
        headers.add("Content-Type", "text/html; charset=utf-8")
        headers.add("Cache-Control", "private, no-store")
        SecurityHeaders.addPage(to: &headers)
        if token != existing {
            var cookie = "\(csrfCookieName)=\(token); Path=/join; HttpOnly; SameSite=Strict"
            if context.identity.isHTTPS(request) { cookie += "; Secure" }
            headers.add("Set-Cookie", cookie)
        }
        let body = JoinPage(invitation: invitation, context: try pageContext(request, context: context)).render()
        return Response(status: status, headers: headers, body: body)
    }

    /// The page context of the reader's preferred language.
    static func pageContext(_ request: Request, context: Context) throws(HTTPError) -> PageContext {
        let snapshot = context.content.snapshot
        guard let context = snapshot.language(PageRoutes.preferredLanguage(request, snapshot))?.pages.context else {
            throw HTTPError(.internalServerError, "no course language is loaded")
        }
        return context
    }
}
