import HTTP
import Views

/// The progress page's forms for moving a learner to another device, without JavaScript: `POST
/// /{lang}/resume-code` shows this browser's learner a resume code and its QR code; `POST /resume` (field
/// `code`) moves this browser to the learner whose code it is. Same store, expiry and rate limit as the API's
/// `POST /api/v1/me/resume-code` and `POST /api/v1/resume`.
///
/// Both forms act on the learner cookie, so they must come from this site (`Sec-Fetch-Site` / `Origin`, as
/// `/join` checks them).
enum ResumeRoutes {
    /// Longer typed codes are refused without a lookup, as the API does.
    static let maximumCodeLength = 64

    /// What resume codes use: content, the learner and attempt stores, identity, policy, limits and the origin.
    struct Context: Sendable {
        let content: ContentHost
        let crossSite: CrossSiteGuard
        let identity: LearnerIdentity
        let learners: any LearnerStoring
        let attempts: any AttemptStoring
        let scoring: ScoringPolicy
        let resumeLimiter: SharedRateLimiter
        let clients: ClientAddresses
        let publicOrigin: PublicOrigin

        init(_ services: Services) {
            content = services.content
            crossSite = services.crossSite
            identity = services.identity
            learners = services.learners
            attempts = services.attempts
            scoring = services.configuration.scoring
            resumeLimiter = services.resumeLimiter
            clients = services.clients
            publicOrigin = services.publicOrigin
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        router.post("/:lang/resume-code") { request async throws -> Response in
            let snapshot = context.content.snapshot
            let language = try PageRoutes.pageLanguage(request, snapshot)
            guard context.crossSite.isSameSite(request) else {
                throw HTTPError(.forbidden, "the resume form must be sent from this site")
            }
            guard let learner = try context.identity.learner(for: request) else {
                return Response.redirect(to: progressPath(language), status: .seeOther)
            }
            let (code, _) = try await durably { try await context.learners.makeResumeCode(learnerID: learner.id) }
            let issued = ResumePanel.IssuedCode(
                code: code, symbol: QRCode.symbol(for: link(code: code, request: request, context: context)))
            return try LearnerPages.progress(
                learner: learner, language: language, snapshot: snapshot, attempts: context.attempts,
                policy: context.scoring,
                resume: ResumePanel(issued: issued))
        }
        router.post("/resume") { request async throws -> Response in
            let snapshot = context.content.snapshot
            let form = FormBody(request)
            let code = form["lang"].flatMap { snapshot.language($0) != nil ? $0 : nil }
            guard let language = snapshot.language(code ?? PageRoutes.preferredLanguage(request, snapshot)) else {
                throw HTTPError(.internalServerError, "no course language is loaded")
            }
            guard context.crossSite.isSameSite(request) else {
                throw HTTPError(.forbidden, "the resume form must be sent from this site")
            }
            let typed = form["code"] ?? ""
            let strings = language.pages.context.strings
            func refused(_ message: String, status: Status) throws -> Response {
                try LearnerPages.progress(
                    learner: try context.identity.learner(for: request), language: language, snapshot: snapshot,
                    attempts: context.attempts, policy: context.scoring,
                    resume: ResumePanel(typedCode: String(typed.prefix(maximumCodeLength)), error: message),
                    status: status)
            }
            if case .limited(let retryAfter) = try context.resumeLimiter.acquire(
                "resume:" + context.clients.address(of: request))
            {
                var response = try refused(strings.resumeTooMany, status: Status(code: 429))
                response.headers.add("Retry-After", String(retryAfter))
                return response
            }
            // One answer for unknown, used and expired codes, as the API gives.
            guard typed.utf8.count <= maximumCodeLength,
                let issued = try await durably({ try await context.learners.redeem(resumeCode: typed) })
            else { return try refused(strings.resumeInvalid, status: Status(code: 422)) }
            var response = Response.redirect(to: progressPath(language), status: .seeOther)
            response.headers.add("Set-Cookie", context.identity.cookie(for: issued.token, request: request))
            response.headers.add("Cache-Control", "no-store")
            return response
        }
        // Where a scanned QR code leads: the progress page with the code filled in, to confirm with one tap
        // (a GET never moves a browser to another learner).
        router.get("/resume") { request in
            let snapshot = context.content.snapshot
            // Codes are letters, digits and dashes: anything else is dropped, so the query needs no escaping.
            let code = String(
                (request.query("code") ?? "").filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
                    .prefix(maximumCodeLength))
            let path = "/" + PageRoutes.preferredLanguage(request, snapshot) + "/progress"
            return Response.redirect(
                to: path + (code.isEmpty ? "" : "?code=" + code) + "#resume-enter", status: .seeOther)
        }
    }

    static func progressPath(_ language: ContentSnapshot.LanguageContent) -> String {
        "/" + language.course.language.code + "/progress"
    }

    /// The absolute `/resume?code=…` link the QR code carries, from `--public-url` (else the listening
    /// address) as every absolute link is; never from the request's `Host`, which a client can forge.
    static func link(code: String, request: Request, context: Context) -> String {
        context.publicOrigin.url("/resume?code=" + code)
    }
}
