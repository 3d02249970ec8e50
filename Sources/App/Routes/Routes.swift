import HTTP

/// Builds the router: every route group registers itself here, in one place.
enum Routes {
    static func make(_ services: Services) -> Router {
        var router = Router()
        router.errorFormatter = ErrorResponses.formatter(content: services.content)
        router.errorTranslator = StorageFaults.translate
        OperationsRoutes.register(on: &router, OperationsRoutes.Context(services))
        CourseAPIRoutes.register(on: &router, CourseAPIRoutes.Context(services))
        AttemptRoutes.register(on: &router, AttemptRoutes.Context(services))
        RevealRoutes.register(on: &router, RevealRoutes.Context(services))
        LearnerAPIRoutes.register(on: &router, LearnerAPIRoutes.Context(services))
        CohortRoutes.register(on: &router, CohortRoutes.Context(services))
        ItemRoutes.register(on: &router, ItemRoutes.Context(services))
        JoinRoutes.register(on: &router, JoinRoutes.Context(services))
        ResumeRoutes.register(on: &router, ResumeRoutes.Context(services))
        TokenRoutes.register(on: &router, TokenRoutes.Context(services))
        ScoresRoutes.register(on: &router, ScoresRoutes.Context(services))
        XAPIRoutes.register(on: &router, XAPIRoutes.Context(services))
        WebhookRoutes.register(on: &router, WebhookRoutes.Context(services))
        OpenAPIRoutes.register(on: &router, OpenAPIRoutes.Context(services))
        AdminAuthRoutes.register(on: &router, AdminAuthRoutes.Context(services))
        AdminOperationsRoutes.register(on: &router, AdminOperationsRoutes.Context(services))
        AdminConsoleRoutes.register(on: &router, AdminConsoleRoutes.Context(services))
        AdminTeamRoutes.register(on: &router, AdminTeamRoutes.Context(services))
        AdminWebhookRoutes.register(on: &router, AdminWebhookRoutes.Context(services))
        PageRoutes.register(on: &router, PageRoutes.Context(services))
        return router
    }

    /// The router of the separate `--metrics-port` listener: `/metrics` and `/healthz` only, no authentication.
    static func makeMetricsOnly(_ services: Services) -> Router {
        var router = Router()
        OperationsRoutes.register(on: &router, OperationsRoutes.Context(services), metricsRequireAdmin: false)
        return router
    }
}
