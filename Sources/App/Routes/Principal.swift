import HTTP

/// Who a request speaks for, from its credentials: the admin, another system's API token, or a learner.
///
/// API routes answer 401 when a request carries no usable credentials (none, unknown, revoked) and 403
/// when it carries valid ones that do not allow the operation (a learner token on an admin route).
enum Principal: Sendable {
    case admin
    case apiToken(APIToken)
    case learner(Learner)
}
