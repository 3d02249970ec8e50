import Foundation
import HTTP
import Locking

/// The origin (`scheme://host[:port]`) absolute links are built from: `--public-url` when set, else the
/// address the server listens on; never the request's `Host` header, which any client can forge.
final class PublicOrigin: Sendable {
    /// The configured `--public-url`, normalised.
    let configured: String?
    private let listening = Locked<String?>(nil)

    init(configured: String?) {
        self.configured = configured
    }

    /// Records the bound address once the server listens; a wildcard host (`0.0.0.0`, `::`) names no one
    /// reachable address, so it gives no origin.
    func listen(host: String, port: Int) {
        guard !["0.0.0.0", "::", "[::]", ""].contains(host) else { return }
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        listening.withLock { $0 = "http://\(shown):\(port)" }
    }

    /// The origin in effect, or `nil` when neither a public URL nor a specific listening host is known.
    var origin: String? {
        configured ?? listening.withLock { $0 }
    }

    /// The home page of learners' xAPI accounts: the origin, else `http://localhost` (listening on a wildcard
    /// address without `--public-url` names no reachable origin; set it for statements other systems keep).
    var xapiHomePage: String {
        origin ?? "http://localhost"
    }

    /// `path` (starting with `/`) as an absolute URL when an origin is known, else the path alone.
    func url(_ path: String) -> String {
        (origin ?? "") + path
    }

    /// `text` as an origin without a trailing slash when it is an `http`/`https` URL with a host and no
    /// path, query or fragment; `nil` otherwise.
    static func normalised(_ text: String) -> String? {
        var text = text
        while text.hasSuffix("/") { text.removeLast() }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
            components.path.isEmpty, components.query == nil, components.fragment == nil,
            components.user == nil, components.password == nil
        else { return nil }
        return text.replacingOccurrences(of: components.scheme ?? "", with: scheme, options: .anchored)
    }
}
