import HTTP

/// Refuses state-changing browser requests that another site started.
///
/// Learners are known by a `SameSite=Lax` cookie that a cross-site `POST` does not carry, so such a
/// request would mint a new learner and replace the victim's cookie (losing their progress), or sign
/// them in as someone else (a resume code). Browsers say where a request comes from: `Sec-Fetch-Site`
/// must be `same-origin` or `none` (typed by the user); without it, `Origin` (when sent) must be this
/// site, as the request's `Host` or the configured public URL names it. Clients that are not browsers
/// send neither and are not affected.
public struct CrossSiteGuard: Sendable {
    let publicOrigin: PublicOrigin

    public init(publicOrigin: PublicOrigin) {
        self.publicOrigin = publicOrigin
    }

    /// Whether the request was started by this site (or by no site at all).
    public func isSameSite(_ request: Request) -> Bool {
        if let site = request.headers["Sec-Fetch-Site"]?.lowercased() {
            return site == "same-origin" || site == "none"
        }
        guard let origin = request.headers["Origin"]?.lowercased() else { return true }
        if let configured = publicOrigin.configured?.lowercased(), origin == configured { return true }
        guard let host = request.headers["Host"]?.lowercased() else { return false }
        return origin == "http://" + host || origin == "https://" + host
    }

    /// Refuses a cross-site request to a learner API route with a JSON 403 (`cross_site_request`).
    /// - Throws: `HTTPError` 403.
    public func requireSameSiteAPI(_ request: Request) throws(HTTPError) {
        guard isSameSite(request) else {
            throw APIError.make(
                .forbidden, code: "cross_site_request", "this request was started by another site; it is refused")
        }
    }

    /// Refuses a cross-site form with the 403 page.
    /// - Throws: `HTTPError` 403.
    public func requireSameSiteForm(_ request: Request) throws(HTTPError) {
        guard isSameSite(request) else { throw HTTPError(.forbidden, "this form must be sent from this site") }
    }
}
