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

    static func register(on router: inout Router, _ services: Services) {
        router.get("/join/:code") { request async throws -> Response in
            let cohort = try await invitedCohort(request, services: services)
            let learner = try services.identity.learner(for: request)
            return try page(
                cohort, displayName: learner?.displayName ?? "", error: nil, status: .ok, request: request,
                services: services)
        }
        router.post("/join/:code") { request async throws -> Response in
            let cohort = try await invitedCohort(request, services: services)
            let form = FormBody(request)
            guard services.crossSite.isSameSite(request), let field = form["csrf"],
                let cookie = LearnerIdentity.cookie(named: csrfCookieName, in: request),
                Secrets.constantTimeEqual(Secrets.digest(field), Secrets.digest(cookie))
            else { throw HTTPError(.forbidden, "the join form must be sent from this site") }
            let typed = form["display_name"] ?? ""
            let name: String
            do {
                name = try InputRules.name(typed, field: "display_name")
            } catch {
                let strings = try pageContext(request, services: services).strings
                return try page(
                    cohort, displayName: String(typed.prefix(InputRules.maximumNameLength)),
                    error: strings.badRequestMessage, status: Status(code: 422), request: request, services: services)
            }
            let language = PageRoutes.preferredLanguage(request, services.content.snapshot)
            var response = Response.redirect(to: "/" + language + "/", status: .seeOther)
            if let learner = try services.identity.learner(for: request) {
                _ = try await durably {
                    try await services.learners.join(learnerID: learner.id, cohortID: cohort.id, displayName: name)
                }
            } else {
                try LearnerAPIRoutes.limitNewLearners(request, services: services)
                let issued = try await durably {
                    try await services.learners.create(displayName: name, language: language, cohortID: cohort.id)
                }
                response.headers.add("Set-Cookie", services.identity.cookie(for: issued.token, request: request))
            }
            response.headers.add("Cache-Control", "no-store")
            return response
        }
    }

    /// The cohort the `:code` invites to, or the 404 page.
    static func invitedCohort(_ request: Request, services: Services) async throws -> Cohort {
        guard let cohort = try await services.cohorts.cohort(joinCode: request.parameters["code"] ?? "") else {
            throw HTTPError(.notFound, "no such invitation")
        }
        return cohort
    }

    /// The join form, with a CSRF token (the browser's current one, or a fresh one set in the cookie).
    static func page(
        _ cohort: Cohort, displayName: String, error: String?, status: Status, request: Request, services: Services
    ) throws(HTTPError) -> Response {
        let existing = LearnerIdentity.cookie(named: csrfCookieName, in: request)
        let token = existing.flatMap { LearnerStore.isWellFormedToken($0) ? $0 : nil } ?? Secrets.makeToken()
        let invitation = JoinInvitation(
            code: cohort.joinCode, cohortName: cohort.name, displayName: displayName, error: error, csrfToken: token)
        var headers = Headers()
        headers.add("Content-Type", "text/html; charset=utf-8")
        headers.add("Cache-Control", "private, no-store")
        SecurityHeaders.addPage(to: &headers)
        if token != existing {
            var cookie = "\(csrfCookieName)=\(token); Path=/join; HttpOnly; SameSite=Strict"
            if services.identity.isHTTPS(request) { cookie += "; Secure" }
            headers.add("Set-Cookie", cookie)
        }
        let body = JoinPage(invitation: invitation, context: try pageContext(request, services: services)).render()
        return Response(status: status, headers: headers, body: body)
    }

    /// The page context of the reader's preferred language.
    static func pageContext(_ request: Request, services: Services) throws(HTTPError) -> PageContext {
        let snapshot = services.content.snapshot
        guard let context = snapshot.language(PageRoutes.preferredLanguage(request, snapshot))?.pages.context else {
            throw HTTPError(.internalServerError, "no course language is loaded")
        }
        return context
    }
}
