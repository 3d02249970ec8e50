import HTTP

/// Finds the `Principal` behind a request's credentials: the admin token, an API token, a learner's token.
///
/// Built once with the services; the routes that authenticate hold one instead of every service.
struct Authenticator: Sendable {
    let admin: AdminCredentials
    /// Throttles clients that keep presenting bad bearer tokens.
    let access: AdminAccess
    let learners: any LearnerStoring
    let tokens: any TokenStoring
    /// Learner ids by token digest for the write routes (`answeringLearnerID`).
    let learnerIDs = LearnerIDCache()

    /// The principal behind the `Authorization: Bearer` header alone (cookies never authorise admin or
    /// scores routes); `nil` without a bearer token.
    /// - Throws: `HTTPError` 401 for an unknown or revoked token (429 once the client has failed too
    ///   often); `StoreError`.
    func bearer(_ request: Request) async throws -> Principal? {
        guard let token = LearnerIdentity.bearerToken(in: request) else { return nil }
        if admin.accepts(token) { return .admin }
        let invalid = APIError.unauthorized("the bearer token is not valid")
        if token.hasPrefix(APIToken.secretPrefix) {
            guard let apiToken = try await tokens.token(secret: token) else {
                throw try access.refuseBearer(request, invalid)
            }
            guard !apiToken.isRevoked else { throw APIError.unauthorized("the bearer token has been revoked") }
            return .apiToken(apiToken)
        }
        guard let learner = try await learners.learnerSuspending(token: token) else {
            throw try access.refuseBearer(request, invalid)
        }
        return .learner(learner)
    }

    /// The principal behind the bearer token, else the learner cookie; `nil` when neither identifies anyone
    /// (a stale cookie counts as none, so the browser can start afresh).
    /// - Throws: `HTTPError` 401 for an unknown or revoked bearer token; `StoreError`.
    func any(_ request: Request) async throws -> Principal? {
        if let principal = try await bearer(request) { return principal }
        guard let cookie = LearnerIdentity.cookie(named: LearnerIdentity.cookieName, in: request) else { return nil }
        return try await learners.learnerSuspending(token: cookie).map(Principal.learner)
    }

    /// Requires the admin bearer token.
    /// - Throws: `HTTPError` 401 without valid credentials, 403 with another principal's.
    func requireAdmin(_ request: Request) async throws {
        switch try await bearer(request) {
        case .admin: return
        case .apiToken, .learner: throw APIError.forbidden("this route needs the admin token")
        case nil: throw APIError.unauthorized("this route needs the admin token (Authorization: Bearer …)")
        }
    }

    /// Requires a learner (bearer token or cookie).
    /// - Throws: `HTTPError` 401 without learner credentials, 403 with an admin or API token.
    func requireLearner(_ request: Request) async throws -> Learner {
        switch try await any(request) {
        case .learner(let learner): return learner
        case .admin, .apiToken: throw APIError.forbidden("this route is for learners; send a learner token")
        case nil: throw APIError.unauthorized("no learner credentials: send the learner cookie or bearer token")
        }
    }

    /// The learner behind the request when there is one, for routes that create a learner on first need.
    /// - Throws: `HTTPError` 401 for an unknown bearer token, 403 for an admin or API token.
    func optionalLearner(_ request: Request) async throws -> Learner? {
        switch try await any(request) {
        case .learner(let learner): return learner
        case .admin, .apiToken: throw APIError.forbidden("this route is for learners; send a learner token")
        case nil: return nil
        }
    }

    /// Requires the right to read scores: the admin token (every cohort) or an API token with scope
    /// `read:scores` (its cohort, or every cohort when it has none).
    /// - Throws: `HTTPError` 401 without valid credentials, 403 with a learner token.
    func requireScoresReader(_ request: Request) async throws -> ScoresAccess {
        switch try await bearer(request) {
        case .admin: return .everyCohort
        case .apiToken(let token):
            guard token.scope == .readScores else { throw APIError.forbidden("this token cannot read scores") }
            return token.cohortID.map(ScoresAccess.cohort) ?? .everyCohort
        case .learner: throw APIError.forbidden("a learner token cannot read the scores API")
        case nil: throw APIError.unauthorized("this route needs an API token or the admin token")
        }
    }

    /// The id of the learner answering a question or revealing answers: a stale cookie starts afresh (`nil`),
    /// an unknown bearer token is refused (401, throttled like other bad bearer tokens). A token seen before is
    /// answered from `learnerIDs` (tokens never change hands); otherwise the task suspends, never blocks,
    /// while the store answers.
    func answeringLearnerID(_ request: Request) async throws -> Int64? {
        if let bearer = LearnerIdentity.bearerToken(in: request) {
            guard let id = try await learnerID(token: bearer) else {
                throw try access.refuseBearer(request, APIError.unauthorized("the bearer token is not a learner token"))
            }
            return id
        }
        guard let cookie = LearnerIdentity.cookie(named: LearnerIdentity.cookieName, in: request) else { return nil }
        return try await learnerID(token: cookie)
    }

    private func learnerID(token: String) async throws(StoreError) -> Int64? {
        guard Learner.isWellFormedToken(token) else { return nil }
        let digest = Secrets.digest(token)
        if let id = learnerIDs.learnerID(digest: digest) { return id }
        guard let learner = try await learners.learnerSuspending(token: token) else { return nil }
        learnerIDs.remember(digest: digest, learnerID: learner.id)
        return learner.id
    }
}
