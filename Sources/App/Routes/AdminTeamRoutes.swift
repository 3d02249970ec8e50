import HTTP
import Views

/// The console's cohort and API-token pages, over the same stores as `/api/v1/admin/…`.
///
/// Forms post here (session cookie and CSRF token, or the bearer token) because the session cookie is
/// scoped to `/admin` and the JSON API accepts the bearer token only.
enum AdminTeamRoutes {
    static func register(on router: inout Router, _ services: Services) {
        let access = services.adminAccess
        router.get("/admin/cohorts") { request async throws -> Response in
            let principal = try await access.requireViewer(request)
            return try await cohortList(request, principal: principal, problem: nil, status: .ok, services: services)
        }
        router.post("/admin/cohorts") { request async throws -> Response in
            let form = FormBody(request)
            let principal = try await access.requireChange(request, form: form)
            let name: String
            do {
                name = try InputRules.name(form["name"] ?? "", field: "name")
            } catch {
                return try await cohortList(
                    request, principal: principal, problem: "A cohort needs a name of 1 to 200 characters.",
                    status: .unprocessableContent, services: services)
            }
            let cohort = try await durably { try await services.cohorts.create(name: name) }
            return Response.redirect(to: "/admin/cohorts/\(cohort.id)", status: .seeOther)
        }
        router.get("/admin/cohorts/:id") { request async throws -> Response in
            let principal = try await access.requireViewer(request)
            let cohort = try await cohort(request, services: services)
            let report = try await CohortReport.load(cohort, services: services)
            return AdminLayout.page(
                cohort.name, principal: principal, assetVersion: services.content.snapshot.contentHash
            ) {
                CohortScreens.detail(
                    report, joinURL: ResourceJSON.joinURL(cohort, request: request, services: services))
            }
        }
        router.get("/admin/cohorts/:id/scores.csv") { request async throws -> Response in
            _ = try await access.requireViewer(request)
            let cohort = try await cohort(request, services: services)
            let report = try await CohortReport.load(cohort, services: services)
            return CohortReport.csvResponse(report.csv, filename: "cohort-\(cohort.id)-progress.csv")
        }
        router.get("/admin/tokens") { request async throws -> Response in
            let principal = try await access.requireViewer(request)
            return try await tokenPage(principal: principal, issued: nil, problem: nil, status: .ok, services: services)
        }
        router.post("/admin/tokens") { request async throws -> Response in
            let form = FormBody(request)
            let principal = try await access.requireChange(request, form: form)
            let scope = APIToken.Scope(rawValue: form["scope"] ?? "")
            let cohortField = form["cohort"] ?? ""
            let cohortID = cohortField.isEmpty ? nil : Int64(cohortField)
            let name: String
            do {
                name = try InputRules.name(form["name"] ?? "", field: "name")
            } catch {
                return try await tokenPage(
                    principal: principal, issued: nil, problem: "A token needs a name of 1 to 200 characters.",
                    status: .unprocessableContent, services: services)
            }
            guard let scope, cohortField.isEmpty || cohortID != nil else {
                return try await tokenPage(
                    principal: principal, issued: nil, problem: "Choose a scope and a cohort from the lists.",
                    status: .unprocessableContent, services: services)
            }
            let issued: IssuedAPIToken
            do {
                issued = try await durably {
                    try await services.tokens.create(name: name, scope: scope, cohortID: cohortID)
                }
            } catch TokenStore.CreationError.unknownCohort {
                return try await tokenPage(
                    principal: principal, issued: nil, problem: "That cohort does not exist (any more).",
                    status: .unprocessableContent, services: services)
            }
            services.logger.log(.info, "API token created", ["id": String(issued.token.id), "scope": scope.rawValue])
            return try await tokenPage(
                principal: principal, issued: issued, problem: nil, status: .created, services: services)
        }
        router.post("/admin/tokens/:id/revoke") { request async throws -> Response in
            _ = try await access.requireChange(request, form: FormBody(request))
            guard let id = Int64(request.parameters["id"] ?? ""),
                try await durably({ try await services.tokens.revoke(id: id) })
            else { throw HTTPError(.notFound, "no such API token") }
            services.logger.log(.info, "API token revoked", ["id": String(id)])
            return Response.redirect(to: "/admin/tokens", status: .seeOther)
        }
    }

    private static func cohort(_ request: Request, services: Services) async throws -> Cohort {
        guard let id = Int64(request.parameters["id"] ?? ""), let cohort = try await services.cohorts.cohort(id: id)
        else { throw HTTPError(.notFound, "no such cohort") }
        return cohort
    }

    private static func cohortList(
        _ request: Request, principal: AdminPrincipal, problem: String?, status: Status, services: Services
    ) async throws -> Response {
        let cohorts = try await services.cohorts.all().map {
            (cohort: $0, joinURL: ResourceJSON.joinURL($0, request: request, services: services))
        }
        return AdminLayout.page(
            "Cohorts", principal: principal, assetVersion: services.content.snapshot.contentHash, status: status
        ) {
            CohortScreens.list(cohorts, csrf: principal.csrfToken, problem: problem)
        }
    }

    private static func tokenPage(
        principal: AdminPrincipal, issued: IssuedAPIToken?, problem: String?, status: Status, services: Services
    ) async throws -> Response {
        let tokens = try await services.tokens.all()
        let cohorts = try await services.cohorts.all()
        return AdminLayout.page(
            "API tokens", principal: principal, assetVersion: services.content.snapshot.contentHash, status: status
        ) {
            TokenScreen.nodes(
                tokens: tokens, cohorts: cohorts, issued: issued, csrf: principal.csrfToken, problem: problem)
        }
    }
}
