import HTTP

/// `/admin/login` and `/admin/logout`: the browser side of admin authentication.
///
/// The sign-in form takes the admin token once and answers with a session cookie; failed tries are
/// throttled per client address (429 with `Retry-After`, see `LoginThrottle`) and logged without the token.
enum AdminAuthRoutes {
    static func register(on router: inout Router, _ services: Services) {
        let access = services.adminAccess
        router.get("/admin/login") { request async throws -> Response in
            if try await access.principal(for: request) != nil {
                return Response.redirect(to: "/admin", status: .seeOther)
            }
            return loginPage(problem: nil, status: .ok, services: services)
        }
        router.post("/admin/login") { request async throws -> Response in
            let client = access.clients.address(of: request)
            guard access.credentials.accepts(FormBody(request)["token"] ?? "") else {
                let retryAfter = access.throttle.refuse(client)
                services.logger.log(.warning, "admin sign-in refused", ["client": client])
                if let retryAfter { return throttled(retryAfter, services: services) }
                return loginPage(problem: "That is not the admin token.", status: .unauthorized, services: services)
            }
            let (id, _) = try await access.sessions.create()
            services.logger.log(.info, "admin signed in", ["client": client])
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

    private static func throttled(_ retryAfter: Int, services: Services) -> Response {
        var response = loginPage(
            problem: "Too many failed sign-ins from this address; try again in \(retryAfter) s.",
            status: .tooManyRequests, services: services)
        response.headers.add("Retry-After", String(retryAfter))
        return response
    }

    private static func loginPage(problem: String?, status: Status, services: Services) -> Response {
        AdminLayout.page(
            "Sign in", principal: nil, assetVersion: services.content.snapshot.contentHash, status: status
        ) {
            LoginScreen.nodes(problem: problem)
        }
    }
}
