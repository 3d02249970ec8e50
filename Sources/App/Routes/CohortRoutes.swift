import HTTP

/// Cohorts: created and listed by the admin, read by leads and other systems (progress matrix and CSV).
enum CohortRoutes {
    struct NewCohort: Decodable {
        let name: String
    }

    static func register(on router: inout Router, _ services: Services) {
        router.post("/api/v1/admin/cohorts") { request async throws -> Response in
            try await Principal.requireAdmin(request, services: services)
            let body = try JSONBody.decode(NewCohort.self, from: request)
            let name = try InputRules.name(body.name, field: "name")
            let cohort = try await durably { try await services.cohorts.create(name: name) }
            var headers = Headers()
            headers.add("Location", "/api/v1/cohorts/\(cohort.id)/progress")
            return ResourceJSON.cohort(cohort, request: request, services: services)
                .response(status: .created, headers: headers)
        }
        router.get("/api/v1/admin/cohorts") { request async throws -> Response in
            try await Principal.requireAdmin(request, services: services)
            let cohorts = try await services.cohorts.all()
            let body: JSONValue = [
                "cohorts": .array(cohorts.map { ResourceJSON.cohort($0, request: request, services: services) })
            ]
            return body.response()
        }
        router.get("/api/v1/cohorts/:id/progress") { request async throws -> Response in
            let cohort = try await readableCohort(request, services: services)
            return try await CohortReport.load(cohort, services: services).json.response()
        }
        router.get("/api/v1/cohorts/:id/scores.csv") { request async throws -> Response in
            let cohort = try await readableCohort(request, services: services)
            let report = try await CohortReport.load(cohort, services: services)
            return CohortReport.csvResponse(report.csv, filename: "cohort-\(cohort.id)-progress.csv")
        }
    }

    /// The cohort named by `:id` when the request may read it; an unreadable cohort is the same 404 as a
    /// missing one, so a token limited to one cohort learns nothing about the others.
    static func readableCohort(_ request: Request, services: Services) async throws -> Cohort {
        let access = try await Principal.requireScoresReader(request, services: services)
        let id = try QueryParameters.pathID(request) { APIError.notFound("no cohort with id \($0)") }
        let cohort = try await services.cohorts.cohort(id: id)
        guard let cohort, access.allows(cohort: id) else { throw ScoresAccess.noCohort(id) }
        return cohort
    }
}
