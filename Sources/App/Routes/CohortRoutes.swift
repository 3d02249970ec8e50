import HTTP

/// Cohorts: created, planned and managed by the admin, read by leads and other systems (progress matrix
/// with statuses, and CSV).
enum CohortRoutes {
    /// What the cohort routes use: the admin and reader checks, the cohort store, content, policy and origin.
    struct Context: Sendable {
        let authenticator: Authenticator
        let cohorts: any CohortStoring
        let content: ContentHost
        let scoring: ScoringPolicy
        let publicOrigin: PublicOrigin

        init(_ services: Services) {
            authenticator = services.authenticator
            cohorts = services.cohorts
            content = services.content
            scoring = services.configuration.scoring
            publicOrigin = services.publicOrigin
        }

        func json(_ cohort: Cohort) -> JSONValue {
            ResourceJSON.cohort(
                cohort, origin: publicOrigin, chapters: InputRules.chapterNumbers(content.snapshot))
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        router.post("/api/v1/admin/cohorts") { request async throws -> Response in
            try await context.authenticator.requireAdmin(request)
            let body = try JSONBody.decode(CohortPlanInput.self, from: request)
            guard let rawName = body.name else {
                throw APIError.unprocessable("name is required", code: "missing_field")
            }
            let name = try InputRules.name(rawName, field: "name")
            let plan = try body.applied(to: CohortPlan(), chapters: InputRules.chapterNumbers(context.content.snapshot))
            let cohort = try await durably { try await context.cohorts.create(name: name, plan: plan) }
            var headers = Headers()
            headers.add("Location", "/api/v1/cohorts/\(cohort.id)/progress")
            return context.json(cohort).response(status: .created, headers: headers)
        }
        router.get("/api/v1/admin/cohorts") { request async throws -> Response in
            try await context.authenticator.requireAdmin(request)
            let cohorts = try await context.cohorts.all()
            let body: JSONValue = ["cohorts": .array(cohorts.map(context.json))]
            return body.response()
        }
        router.patch("/api/v1/admin/cohorts/:id") { request async throws -> Response in
            try await context.authenticator.requireAdmin(request)
            let cohort = try await adminCohort(request, context: context)
            let body = try JSONBody.decode(CohortPlanInput.self, from: request)
            let name =
                try body.name.map { raw throws(HTTPError) in try InputRules.name(raw, field: "name") } ?? cohort.name
            let plan = try body.applied(
                to: cohort.plan, chapters: InputRules.chapterNumbers(context.content.snapshot))
            guard
                let updated = try await durably({
                    try await context.cohorts.update(id: cohort.id, name: name, plan: plan)
                })
            else { throw APIError.notFound("no cohort with id \(cohort.id)") }
            return context.json(updated).response()
        }
        router.post("/api/v1/admin/cohorts/:id/join-code") { request async throws -> Response in
            try await context.authenticator.requireAdmin(request)
            let cohort = try await adminCohort(request, context: context)
            guard let rotated = try await durably({ try await context.cohorts.rotateJoinCode(id: cohort.id) })
            else { throw APIError.notFound("no cohort with id \(cohort.id)") }
            return context.json(rotated).response()
        }
        router.delete("/api/v1/admin/cohorts/:id/learners/:learner") { request async throws -> Response in
            try await context.authenticator.requireAdmin(request)
            let cohort = try await adminCohort(request, context: context)
            guard let learnerID = Int64(request.parameters["learner"] ?? ""),
                try await durably({ try await context.cohorts.remove(learnerID: learnerID, fromCohort: cohort.id) })
            else { throw APIError.notFound("no such learner in cohort \(cohort.id)") }
            return Response(status: .noContent)
        }
        router.get("/api/v1/cohorts/:id/progress") { request async throws -> Response in
            let cohort = try await readableCohort(request, context: context)
            return try await CohortReport.load(
                cohort, from: context.cohorts, snapshot: context.content.snapshot, policy: context.scoring
            ).json.response()
        }
        router.get("/api/v1/cohorts/:id/scores.csv") { request async throws -> Response in
            let cohort = try await readableCohort(request, context: context)
            let report = try await CohortReport.load(
                cohort, from: context.cohorts, snapshot: context.content.snapshot, policy: context.scoring)
            return CohortReport.csvResponse(report.csv, filename: "cohort-\(cohort.id)-progress.csv")
        }
    }

    /// The cohort named by `:id` for an admin route, or 404.
    static func adminCohort(_ request: Request, context: Context) async throws -> Cohort {
        let id = try QueryParameters.pathID(request) { APIError.notFound("no cohort with id \($0)") }
        guard let cohort = try await context.cohorts.cohort(id: id) else {
            throw APIError.notFound("no cohort with id \(id)")
        }
        return cohort
    }

    /// The cohort named by `:id` when the request may read it; an unreadable cohort is the same 404 as a
    /// missing one, so a token limited to one cohort learns nothing about the others.
    static func readableCohort(_ request: Request, context: Context) async throws -> Cohort {
        let access = try await context.authenticator.requireScoresReader(request)
        let id = try QueryParameters.pathID(request) { APIError.notFound("no cohort with id \($0)") }
        let cohort = try await context.cohorts.cohort(id: id)
        guard let cohort, access.allows(cohort: id) else { throw ScoresAccess.noCohort(id) }
        return cohort
    }
}
