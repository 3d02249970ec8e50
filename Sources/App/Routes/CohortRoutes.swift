import HTTP

/// Cohorts: created and listed by the admin, read by leads and other systems (progress matrix and CSV).
enum CohortRoutes {
    struct NewCohort: Decodable {
        let name: String
    }

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
    }

    static func register(on router: inout Router, _ context: Context) {
        router.post("/api/v1/admin/cohorts") { request async throws -> Response in
            try await context.authenticator.requireAdmin(request)
            let body = try JSONBody.decode(NewCohort.self, from: request)
            let name = try InputRules.name(body.name, field: "name")
            let cohort = try await durably { try await context.cohorts.create(name: name) }
            var headers = Headers()
            headers.add("Location", "/api/v1/cohorts/\(cohort.id)/progress")
            return ResourceJSON.cohort(cohort, origin: context.publicOrigin)
                .response(status: .created, headers: headers)
        }
        router.get("/api/v1/admin/cohorts") { request async throws -> Response in
            try await context.authenticator.requireAdmin(request)
            let cohorts = try await context.cohorts.all()
            let body: JSONValue = [
                "cohorts": .array(cohorts.map { ResourceJSON.cohort($0, origin: context.publicOrigin) })
            ]
            return body.response()
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
