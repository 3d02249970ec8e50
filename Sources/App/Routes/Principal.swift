import HTTP

/// Who a request speaks for, from its credentials: the admin, another system's API token, or a learner.
///
/// API routes answer 401 when a request carries no usable credentials (none, unknown, revoked) and 403
/// when it carries valid ones that do not allow the operation (a learner token on an admin route).
enum Principal: Sendable {
    case admin
    case apiToken(APIToken)
    case learner(Learner)

    /// The principal behind the `Authorization: Bearer` header alone (cookies never authorise admin or
    /// scores routes); `nil` without a bearer token.
    /// - Throws: `HTTPError` 401 for an unknown or revoked token (429 once the client has failed too
    ///   often); `SQLiteError`.
    static func bearer(_ request: Request, services: Services) async throws -> Principal? {
        guard let token = LearnerIdentity.bearerToken(in: request) else { return nil }
        let access = services.adminAccess
        if services.admin.accepts(token) { return .admin }
        let invalid = APIError.unauthorized("the bearer token is not valid")
        if token.hasPrefix(TokenStore.secretPrefix) {
            guard let apiToken = try await services.tokens.token(secret: token) else {
                throw access.refuseBearer(request, invalid)
            }
            guard !apiToken.isRevoked else { throw APIError.unauthorized("the bearer token has been revoked") }
            return .apiToken(apiToken)
        }
        guard let learner = try services.learners.learner(token: token) else {
            throw access.refuseBearer(request, invalid)
        }
        return .learner(learner)
    }

    /// The principal behind the bearer token, else the learner cookie; `nil` when neither identifies anyone
    /// (a stale cookie counts as none, so the browser can start afresh).
    /// - Throws: `HTTPError` 401 for an unknown or revoked bearer token; `SQLiteError`.
    static func any(_ request: Request, services: Services) async throws -> Principal? {
        if let principal = try await bearer(request, services: services) { return principal }
        guard let cookie = LearnerIdentity.cookie(named: LearnerIdentity.cookieName, in: request) else { return nil }
        return try services.learners.learner(token: cookie).map(Principal.learner)
    }

    /// Requires the admin bearer token.
    /// - Throws: `HTTPError` 401 without valid credentials, 403 with another principal's.
    static func requireAdmin(_ request: Request, services: Services) async throws {
        switch try await bearer(request, services: services) {
        case .admin: return
        case .apiToken, .learner: throw APIError.forbidden("this route needs the admin token")
        case nil: throw APIError.unauthorized("this route needs the admin token (Authorization: Bearer …)")
        }
    }

    /// Requires a learner (bearer token or cookie).
    /// - Throws: `HTTPError` 401 without learner credentials, 403 with an admin or API token.
    static func requireLearner(_ request: Request, services: Services) async throws -> Learner {
        switch try await any(request, services: services) {
        case .learner(let learner): return learner
        case .admin, .apiToken: throw APIError.forbidden("this route is for learners; send a learner token")
        case nil: throw APIError.unauthorized("no learner credentials: send the learner cookie or bearer token")
        }
    }

    /// The learner behind the request when there is one, for routes that create a learner on first need.
    /// - Throws: `HTTPError` 401 for an unknown bearer token, 403 for an admin or API token.
    static func optionalLearner(_ request: Request, services: Services) async throws -> Learner? {
        switch try await any(request, services: services) {
        case .learner(let learner): return learner
        case .admin, .apiToken: throw APIError.forbidden("this route is for learners; send a learner token")
        case nil: return nil
        }
    }

    /// Requires the right to read scores: the admin token (every cohort) or an API token with scope
    /// `read:scores` (its cohort, or every cohort when it has none).
    /// - Throws: `HTTPError` 401 without valid credentials, 403 with a learner token.
    static func requireScoresReader(_ request: Request, services: Services) async throws -> ScoresAccess {
        switch try await bearer(request, services: services) {
        case .admin: return .everyCohort
        case .apiToken(let token):
            guard token.scope == .readScores else { throw APIError.forbidden("this token cannot read scores") }
            return token.cohortID.map(ScoresAccess.cohort) ?? .everyCohort
        case .learner: throw APIError.forbidden("a learner token cannot read the scores API")
        case nil: throw APIError.unauthorized("this route needs an API token or the admin token")
        }
    }
}
