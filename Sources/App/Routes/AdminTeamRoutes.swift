import HTTP
import Views

/// The console's cohort and API-token pages, over the same stores as `/api/v1/admin/…`.
///
/// Forms post here (session cookie and CSRF token, or the bearer token) because the session cookie is
/// scoped to `/admin` and the JSON API accepts the bearer token only.
enum AdminTeamRoutes {
    /// What the cohort and token screens use: admin access, the cohort and token stores, content, policy, origin, log.
    struct Context: Sendable {
        let adminAccess: AdminAccess
        let cohorts: any CohortStoring
        let content: ContentHost
        let scoring: ScoringPolicy
        let publicOrigin: PublicOrigin
        let tokens: any TokenStoring
        let logger: Logger

        init(_ services: Services) {
            adminAccess = services.adminAccess
            cohorts = services.cohorts
            content = services.content
            scoring = services.configuration.scoring
            publicOrigin = services.publicOrigin
            tokens = services.tokens
            logger = services.logger
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        let access = context.adminAccess
        router.get("/admin/cohorts") { request async throws -> Response in
            let principal = try await access.requireViewer(request)
            return try await cohortList(request, principal: principal, problem: nil, status: .ok, context: context)
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
                    status: .unprocessableContent, context: context)
            }
            let plan: CohortPlan
            do {
                plan = try CohortPlanInput(form: form, includesRequired: false).applied(
                    to: CohortPlan(), chapters: InputRules.chapterNumbers(context.content.snapshot))
            } catch {
                return try await cohortList(
                    request, principal: principal, problem: "The due date must be a date as YYYY-MM-DD.",
                    status: .unprocessableContent, context: context)
            }
            let cohort = try await durably { try await context.cohorts.create(name: name, plan: plan) }
            return Response.redirect(to: "/admin/cohorts/\(cohort.id)", status: .seeOther)
        }
        router.get("/admin/cohorts/:id") { request async throws -> Response in
            let principal = try await access.requireViewer(request)
            let cohort = try await cohort(request, context: context)
            let notice: String? =
                switch request.query("done") {
                case "plan": "The plan is saved."
                case "rotated": "The invitation link was replaced; the old one no longer works."
                case "removed": "The learner was removed from the cohort."
                default: nil
                }
            return try await cohortPage(
                cohort, request: request, principal: principal, notice: notice, problem: nil, status: .ok,
                context: context)
        }
        router.post("/admin/cohorts/:id/plan") { request async throws -> Response in
            let form = FormBody(request)
            let principal = try await access.requireChange(request, form: form)
            let cohort = try await cohort(request, context: context)
            let plan: CohortPlan
            do {
                plan = try CohortPlanInput(form: form, includesRequired: true).applied(
                    to: cohort.plan, chapters: InputRules.chapterNumbers(context.content.snapshot))
            } catch let error as HTTPError {
                return try await cohortPage(
                    cohort, request: request, principal: principal, notice: nil,
                    problem: "The plan was not saved: \(error.message)", status: .unprocessableContent,
                    context: context)
            }
            _ = try await durably { try await context.cohorts.update(id: cohort.id, name: cohort.name, plan: plan) }
            return Response.redirect(to: "/admin/cohorts/\(cohort.id)?done=plan", status: .seeOther)
        }
        router.post("/admin/cohorts/:id/join-code") { request async throws -> Response in
            _ = try await access.requireChange(request, form: FormBody(request))
            let cohort = try await cohort(request, context: context)
            _ = try await durably { try await context.cohorts.rotateJoinCode(id: cohort.id) }
            context.logger.log(.info, "cohort join code replaced", ["cohort": String(cohort.id)])
            return Response.redirect(to: "/admin/cohorts/\(cohort.id)?done=rotated", status: .seeOther)
        }
        router.post("/admin/cohorts/:id/learners/:learner/remove") { request async throws -> Response in
            _ = try await access.requireChange(request, form: FormBody(request))
            let cohort = try await cohort(request, context: context)
            guard let learnerID = Int64(request.parameters["learner"] ?? ""),
                try await durably({ try await context.cohorts.remove(learnerID: learnerID, fromCohort: cohort.id) })
            else { throw HTTPError(.notFound, "no such learner in this cohort") }
            return Response.redirect(to: "/admin/cohorts/\(cohort.id)?done=removed#learners", status: .seeOther)
        }
        router.get("/admin/cohorts/:id/scores.csv") { request async throws -> Response in
            _ = try await access.requireViewer(request)
            let cohort = try await cohort(request, context: context)
            let report = try await CohortReport.load(
                cohort, from: context.cohorts, snapshot: context.content.snapshot,
                policy: context.scoring)
            return CohortReport.csvResponse(report.csv, filename: "cohort-\(cohort.id)-progress.csv")
        }
        router.get("/admin/tokens") { request async throws -> Response in
            let principal = try await access.requireViewer(request)
            return try await tokenPage(principal: principal, issued: nil, problem: nil, status: .ok, context: context)
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
                    status: .unprocessableContent, context: context)
            }
            guard let scope, cohortField.isEmpty || cohortID != nil else {
                return try await tokenPage(
                    principal: principal, issued: nil, problem: "Choose a scope and a cohort from the lists.",
                    status: .unprocessableContent, context: context)
            }
            guard
                let issued = try await durably({
                    try await context.tokens.create(name: name, scope: scope, cohortID: cohortID)
                })
            else {
                return try await tokenPage(
                    principal: principal, issued: nil, problem: "That cohort does not exist (any more).",
                    status: .unprocessableContent, context: context)
            }
            context.logger.log(.info, "API token created", ["id": String(issued.token.id), "scope": scope.rawValue])
            return try await tokenPage(
                principal: principal, issued: issued, problem: nil, status: .created, context: context)
        }
        router.post("/admin/tokens/:id/revoke") { request async throws -> Response in
            _ = try await access.requireChange(request, form: FormBody(request))
            guard let id = Int64(request.parameters["id"] ?? ""),
                try await durably({ try await context.tokens.revoke(id: id) })
            else { throw HTTPError(.notFound, "no such API token") }
            context.logger.log(.info, "API token revoked", ["id": String(id)])
            return Response.redirect(to: "/admin/tokens", status: .seeOther)
        }
    }

    private static func cohort(_ request: Request, context: Context) async throws -> Cohort {
        guard let id = Int64(request.parameters["id"] ?? ""), let cohort = try await context.cohorts.cohort(id: id)
        else { throw HTTPError(.notFound, "no such cohort") }
        return cohort
    }

    private static func cohortPage(
        _ cohort: Cohort, request: Request, principal: AdminPrincipal, notice: String?, problem: String?,
        status: Status, context: Context
    ) async throws -> Response {
        let report = try await CohortReport.load(
            cohort, from: context.cohorts, snapshot: context.content.snapshot, policy: context.scoring)
        let matrix = CohortMatrix(
            report: report, filter: request.query("status").flatMap(LearnerStatus.State.init(rawValue:)),
            sort: request.query("sort").flatMap(CohortMatrix.Sort.init(rawValue:)) ?? .name,
            csrf: principal.csrfToken)
        return AdminLayout.page(
            cohort.name, principal: principal, assetVersion: context.content.snapshot.contentHash, status: status
        ) {
            CohortScreens.detail(
                report, joinURL: ResourceJSON.joinURL(cohort, origin: context.publicOrigin), matrix: matrix,
                notice: notice, problem: problem)
        }
    }

    private static func cohortList(
        _ request: Request, principal: AdminPrincipal, problem: String?, status: Status, context: Context
    ) async throws -> Response {
        let cohorts = try await context.cohorts.all().map {
            (cohort: $0, joinURL: ResourceJSON.joinURL($0, origin: context.publicOrigin))
        }
        return AdminLayout.page(
            "Cohorts", principal: principal, assetVersion: context.content.snapshot.contentHash, status: status
        ) {
            CohortScreens.list(cohorts, csrf: principal.csrfToken, problem: problem)
        }
    }

    private static func tokenPage(
        principal: AdminPrincipal, issued: IssuedAPIToken?, problem: String?, status: Status, context: Context
    ) async throws -> Response {
        let tokens = try await context.tokens.all()
        let cohorts = try await context.cohorts.all()
        return AdminLayout.page(
            "API tokens", principal: principal, assetVersion: context.content.snapshot.contentHash, status: status
        ) {
            TokenScreen.nodes(
                tokens: tokens, cohorts: cohorts, issued: issued, csrf: principal.csrfToken, problem: problem)
        }
    }
}
