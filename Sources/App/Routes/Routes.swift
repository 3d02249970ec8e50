import HTTP

/// Builds the router: every route group registers itself here, in one place.
public enum Routes {
    public static func make(_ services: Services) -> Router {
        var router = Router()
        router.errorFormatter = ErrorResponses.formatter(services)
        router.errorTranslator = StorageFaults.translate
        OperationsRoutes.register(on: &router, services)
        CourseAPIRoutes.register(on: &router, services)
        AttemptRoutes.register(on: &router, services)
        RevealRoutes.register(on: &router, services)
        LearnerAPIRoutes.register(on: &router, services)
        CohortRoutes.register(on: &router, services)
        JoinRoutes.register(on: &router, services)
        ResumeRoutes.register(on: &router, services)
        TokenRoutes.register(on: &router, services)
        ScoresRoutes.register(on: &router, services)
        OpenAPIRoutes.register(on: &router, services)
        AdminAuthRoutes.register(on: &router, services)
        AdminOperationsRoutes.register(on: &router, services)
        AdminConsoleRoutes.register(on: &router, services)
        AdminTeamRoutes.register(on: &router, services)
        PageRoutes.register(on: &router, services)
        return router
    }

    /// The router of the separate `--metrics-port` listener: `/metrics` and `/healthz` only, no authentication.
    public static func makeMetricsOnly(_ services: Services) -> Router {
        var router = Router()
        OperationsRoutes.register(on: &router, services, metricsRequireAdmin: false)
        return router
    }
}
