import HTTP

/// `/admin/login` and `/admin/logout`: the browser side of admin authentication.
///
/// The sign-in form takes the admin token once and answers with a session cookie; failed tries are
/// throttled per client address (429 with `Retry-After`, see `LoginThrottle`) and logged without the token.
enum AdminAuthRoutes {
    /// What the sign-in routes use: admin access, content (for the asset version) and the log.
    struct Context: Sendable {
        let adminAccess: AdminAccess
        let logger: Logger
        let content: ContentHost

        init(_ services: Services) {
            adminAccess = services.adminAccess
            logger = services.logger
            content = services.content
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        let access = context.adminAccess
        router.get("/admin/login") { request async throws -> Response in
            if try await access.principal(for: request) != nil {
                return Response.redirect(to: "/admin", status: .seeOther)
            }
            return loginPage(problem: nil, status: .ok, context: context)
        }
        router.post("/admin/login") { request async throws -> Response in
            let client = access.clients.address(of: request)
            guard access.credentials.accepts(FormBody(request)["token"] ?? "") else {
                let retryAfter = try access.throttle.refuse(client)
                context.logger.log(.warning, "admin sign-in refused", ["client": client])
                if let retryAfter { return throttled(retryAfter, context: context) }
                return loginPage(problem: "That is not the admin token.", status: .unauthorized, context: context)
            }
            let (id, _) = try await access.sessions.create()
            context.logger.log(.info, "admin signed in", ["client": client])
            var response = Response.redirect(to: "/admin", status: .seeOther)
            response.headers.add("Set-Cookie", access.sessionCookie(id: id, request: request))
            response.headers.add("Cache-Control", "no-store")
            return response
        }
        router.post("/admin/logout") { request async throws -> Response in
            let principal = try await access.requireChange(request, form: FormBody(request))
            if case .session(let session) = principal {
                try await access.sessions.delete(session)
            }
            var response = Response.redirect(to: "/admin/login", status: .seeOther)
            response.headers.add("Set-Cookie", access.expiredSessionCookie(request: request))
            response.headers.add("Cache-Control", "no-store")
            return response
        }
    }

    private static func throttled(_ retryAfter: Int, context: Context) -> Response {
        var response = loginPage(
            problem: "Too many failed sign-ins from this address; try again in \(retryAfter) s.",
            status: .tooManyRequests, context: context)
        response.headers.add("Retry-After", String(retryAfter))
        return response
    }

    private static func loginPage(problem: String?, status: Status, context: Context) -> Response {
        AdminLayout.page(
            "Sign in", principal: nil, assetVersion: context.content.snapshot.contentHash, status: status
        ) {
            LoginScreen.nodes(problem: problem)
        }
    }
}
