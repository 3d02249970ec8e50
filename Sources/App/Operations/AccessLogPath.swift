import HTTP

/// The path as the access log writes it: segments captured by a secret route parameter (a join code,
/// a token) are replaced, so the log never holds a credential even when a route carries one in its path.
enum AccessLogPath {
    /// Route parameters whose values are secrets.
    static let secretParameters: Set<String> = ["code", "token", "secret"]

    /// Whether `route` captures a secret parameter (so its paths need `redacted`); allocates nothing for
    /// the usual routes.
    static func hasSecretParameter(_ route: String) -> Bool {
        var rest = route[...]
        while let colon = rest.firstIndex(of: ":") {
            let name = rest[rest.index(after: colon)...].prefix { $0 != "/" }
            if secretParameters.contains(where: { $0 == name }) { return true }
            rest = rest[name.endIndex...]
        }
        return false
    }

    /// `path` with the segments that `route` captures as secret parameters replaced.
    static func redacted(path: String?, route: String?) -> String {
        guard let path else { return "-" }
        guard let route, route.contains(":") else { return path }
        let patternSegments = route.split(separator: "/", omittingEmptySubsequences: false)
        var pathSegments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for (index, segment) in patternSegments.enumerated() where index < pathSegments.count {
            if segment.hasPrefix(":"), secretParameters.contains(String(segment.dropFirst())) {
                pathSegments[index] = "[redacted]"
            }
        }
        return pathSegments.joined(separator: "/")
    }
}
