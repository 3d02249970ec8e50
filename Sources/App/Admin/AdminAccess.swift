import HTTP

/// Who is asking for an admin action.
enum AdminPrincipal: Sendable {
    /// `Authorization: Bearer` with the admin token: scripts, cron jobs, the API.
    case bearer
    /// A signed-in browser, known by its session cookie.
    case session(AdminSession)

    /// Recorded as `loaded_by` of a content reload.
    var actor: String {
        switch self {
        case .bearer: "admin"
        case .session: "console"
        }
    }

    /// The CSRF token the console's forms carry; `nil` for bearer clients, which need none.
    var csrfToken: String? {
        switch self {
        case .bearer: nil
        case .session(let session): session.csrfToken
        }
    }
}

/// Admin authentication for every `/admin` route: the bearer token or a browser session, with CSRF
/// protection for sessions and a throttle on failed sign-ins.
///
/// A bearer token, when sent, is decisive: a wrong one is refused even next to a valid session cookie.
/// Bearer requests need no CSRF token (no browser attaches that header on its own); session requests
/// that change anything must echo the session's CSRF token.
struct AdminAccess: Sendable {
    /// The session cookie; scoped to `Path=/admin` so no other route ever receives it.
    static let cookieName = "folio_admin"
    /// The form field (or `X-CSRF-Token` header) carrying the CSRF token.
    static let csrfField = "csrf"

    let credentials: AdminCredentials
    let sessions: any AdminSessionStoring
    let throttle: LoginThrottle
    /// Failed `Authorization: Bearer` tokens per client: scripts retry, so more tries than the sign-in form.
    let bearerThrottle: LoginThrottle
    /// The client address limits are keyed on (behind trusted proxies, the forwarded one).
    let clients: ClientAddresses
    let identity: LearnerIdentity

    init(
        credentials: AdminCredentials, sessions: any AdminSessionStoring, throttles: any ThrottleStoring,
        clients: ClientAddresses = ClientAddresses(trustProxy: false, trustedProxies: []), identity: LearnerIdentity
    ) {
        self.credentials = credentials
        self.sessions = sessions
        throttle = LoginThrottle(store: throttles, scope: "admin-sign-in")
        bearerThrottle = LoginThrottle(store: throttles, scope: "admin-bearer", allowance: 10, refillSeconds: 6)
        self.clients = clients
        self.identity = identity
    }

    /// The principal behind `request`, or `nil` when it carries neither a bearer token nor a live session.
    /// - Throws: `HTTPError` 401 for a wrong bearer token, 429 once the client has failed too often;
    ///   `StoreError` when sessions cannot be read.
    func principal(for request: Request) async throws -> AdminPrincipal? {
        if let bearer = LearnerIdentity.bearerToken(in: request) {
            guard credentials.accepts(bearer) else {
                throw try refuseBearer(request, APIError.unauthorized("the admin token is not valid"))
            }
            return .bearer
        }
        guard let id = LearnerIdentity.cookie(named: Self.cookieName, in: request) else { return nil }
        return try await sessions.session(id: id).map(AdminPrincipal.session)
    }

    /// Counts a wrong bearer token and returns the error to answer: `unauthorized` while the client has
    /// tries left, else 429 with `Retry-After`.
    /// - Throws: `StoreError` when the shared throttle cannot be written (the database is unreachable).
    func refuseBearer(_ request: Request, _ unauthorized: HTTPError) throws(StoreError) -> HTTPError {
        guard let retryAfter = try bearerThrottle.refuse(clients.address(of: request)) else { return unauthorized }
        return APIError.rateLimited(retryAfter: retryAfter)
    }

    /// Whether the request carries the admin bearer token, counting a wrong one (for `/metrics`).
    /// - Throws: `HTTPError` 401 without the token, 429 once the client has failed too often; `StoreError`.
    func requireBearer(_ request: Request) throws {
        let unauthorized = APIError.unauthorized(
            "the admin bearer token is required for /metrics (or use --metrics-port)")
        guard let token = LearnerIdentity.bearerToken(in: request) else { throw unauthorized }
        guard credentials.accepts(token) else { throw try refuseBearer(request, unauthorized) }
    }

    /// The principal for a console page; a browser without a session is sent to the sign-in page.
    /// - Throws: `HTTPError` (303 to `/admin/login`, or 401 for a wrong bearer token).
    func requireViewer(_ request: Request) async throws -> AdminPrincipal {
        if let principal = try await principal(for: request) { return principal }
        throw HTTPError(response: Response.redirect(to: "/admin/login", status: .seeOther))
    }

    /// The principal for a request that changes something: the bearer token, or a session whose CSRF token
    /// the request echoes in the `csrf` form field or the `X-CSRF-Token` header.
    /// - Throws: `HTTPError` 401 without valid credentials, 403 with a missing or wrong CSRF token.
    func requireChange(_ request: Request, form: FormBody? = nil) async throws -> AdminPrincipal {
        guard let principal = try await principal(for: request) else {
            throw APIError.unauthorized("the admin bearer token or a console session is required")
        }
        guard case .session(let session) = principal else { return principal }
        let presented = request.headers["X-CSRF-Token"] ?? form?[Self.csrfField] ?? ""
        guard Secrets.constantTimeEqual(Secrets.digest(presented), Secrets.digest(session.csrfToken)) else {
            throw APIError.forbidden("the form's CSRF token is missing or does not match this session")
        }
        return principal
    }

    /// The `Set-Cookie` value for a new session: `HttpOnly`, `SameSite=Strict`, `Path=/admin`, and `Secure`
    /// when the request came over HTTPS through a trusted proxy.
    func sessionCookie(id: String, request: Request) -> String {
        let seconds = AdminSession.lifetimeMilliseconds / 1000
        return cookie(value: id, maxAge: seconds, request: request)
    }

    /// The `Set-Cookie` value that removes the session cookie (sign-out).
    func expiredSessionCookie(request: Request) -> String {
        cookie(value: "", maxAge: 0, request: request)
    }

    private func cookie(value: String, maxAge: Int64, request: Request) -> String {
        var cookie = "\(Self.cookieName)=\(value); Path=/admin; Max-Age=\(maxAge); HttpOnly; SameSite=Strict"
        if identity.isHTTPS(request) { cookie += "; Secure" }
        return cookie
    }
}
