import HTTP

/// Builds the router: every route group registers itself here, in one place.
public enum Routes {
    public static func make(_ services: Services) -> Router {
        var router = Router()
        router.errorFormatter = ErrorResponses.formatter(services)
        OperationsRoutes.register(on: &router, services)
        CourseAPIRoutes.register(on: &router, services)
        AttemptRoutes.register(on: &router, services)
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
