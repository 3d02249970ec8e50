import HTTP

/// Who the client is, for per-client limits (attempts, new learners, resume codes, admin sign-ins).
///
/// Without `--trust-proxy` it is the peer address. With it, when the peer is one of the trusted proxies,
/// it is the right-most `X-Forwarded-For` entry that is not a trusted proxy: entries to its left were
/// written by the client itself and prove nothing, entries to its right by proxies we trust.
public struct ClientAddresses: Sendable {
    let trustProxy: Bool
    let trustedProxies: [AddressBlock]

    public init(trustProxy: Bool, trustedProxies: [AddressBlock]) {
        self.trustProxy = trustProxy
        self.trustedProxies = trustedProxies
    }

    /// The client's address as text (no port).
    public func address(of request: Request) -> String {
        let peer = Self.peer(request)
        guard trustProxy, isTrusted(peer) else { return peer }
        let entries = request.headers.values(for: "X-Forwarded-For")
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        for entry in entries.reversed() where !isTrusted(entry) {
            return String(entry.prefix(64))
        }
        return entries.first.map { String($0.prefix(64)) } ?? peer
    }

    private func isTrusted(_ address: String) -> Bool {
        guard let bytes = AddressBlock.bytes(address) else { return false }
        return trustedProxies.contains { $0.contains(bytes) }
    }

    /// The peer's address without its port (`127.0.0.1`, `[::1]` → `::1`).
    static func peer(_ request: Request) -> String {
        guard let address = request.remoteAddress else { return "unknown" }
        var host = Substring(address)
        if let colon = address.lastIndex(of: ":"), address.firstIndex(of: ":") == colon || address.hasPrefix("[") {
            host = address[..<colon]
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        return String(host)
    }
}
