/// A signed-in admin browser: what the session cookie stands for.
struct AdminSession: Sendable, Equatable {
    /// The SHA-256 of the session id (the cookie value is never stored).
    var idHash: [UInt8]
    /// The token every console form must echo back (`csrf` field or `X-CSRF-Token` header).
    var csrfToken: String
    var createdAt: Int64
    var expiresAt: Int64

    /// How long a console session lasts from sign-in: a working day.
    static let lifetimeMilliseconds: Int64 = 12 * 3600 * 1000
}
