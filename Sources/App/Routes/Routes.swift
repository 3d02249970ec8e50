import HTTP

/// Builds the router: every route group registers itself here, in one place.
enum Routes {
    static func make(_ services: Services) -> Router {
        var router = Router()
        router.errorFormatter = ErrorResponses.formatter(services)
        router.errorTranslator = StorageFaults.translate
        OperationsRoutes.register(on: &router, services)
        CourseAPIRoutes.register(on: &router, services)
        AttemptRoutes.register(on: &router, services)
        RevealRoutes.register(on: &router, services)
        LearnerAPIRoutes.register(on: &router, services)
        CohortRoutes.register(on: &router, CohortRoutes.Context(services))
        JoinRoutes.register(on: &router, services)
        ResumeRoutes.register(on: &router, services)
        TokenRoutes.register(on: &router, TokenRoutes.Context(services))
        ScoresRoutes.register(on: &router, ScoresRoutes.Context(services))
        OpenAPIRoutes.register(on: &router, OpenAPIRoutes.Context(services))
        AdminAuthRoutes.register(on: &router, AdminAuthRoutes.Context(services))
        AdminOperationsRoutes.register(on: &router, AdminOperationsRoutes.Context(services))
        AdminConsoleRoutes.register(on: &router, AdminConsoleRoutes.Context(services))
        AdminTeamRoutes.register(on: &router, AdminTeamRoutes.Context(services))
        PageRoutes.register(on: &router, services)
        return router
    }

    /// The router of the separate `--metrics-port` listener: `/metrics` and `/healthz` only, no authentication.
    static func makeMetricsOnly(_ services: Services) -> Router {
        var router = Router()
        OperationsRoutes.register(on: &router, services, metricsRequireAdmin: false)
        return router
    }
}
