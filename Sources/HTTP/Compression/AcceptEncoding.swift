/// Content-coding negotiation from `Accept-Encoding` (RFC 9110 §12.5.3), q-values honoured.
public struct AcceptEncoding: Sendable {
    private var qualities: [(coding: String, quality: Double)] = []

    /// Parses a header value; `nil` (header absent) accepts only the identity coding.
    public init(_ headerValue: String?) {
        guard let headerValue else { return }
        for element in headerValue.split(separator: ",") {
            let parts = element.split(separator: ";")
            guard let first = parts.first else { continue }
            let coding = ASCII.trimmed(first).lowercased()
            guard !coding.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = ASCII.trimmed(parameter).split(separator: "=", maxSplits: 1)
                guard pair.count == 2, ASCII.trimmed(pair[0]).lowercased() == "q" else { continue }
                guard let value = Double(ASCII.trimmed(pair[1])), (0...1).contains(value) else {
                    quality = 0
                    continue
                }
                quality = value
            }
            qualities.append((coding == "x-gzip" ? "gzip" : coding, quality))
        }
    }

    /// Reads every `Accept-Encoding` field of `request`.
    public init(_ request: Request) {
        let values = request.headers.values(for: "Accept-Encoding")
        self.init(values.isEmpty ? nil : values.joined(separator: ","))
    }

    /// The client's preference for `coding` (lowercase), from 0 (refused) to 1; a coding the client did not
    /// name gets the `*` entry's value, or 0.
    public func quality(of coding: String) -> Double {
        if let explicit = qualities.last(where: { $0.coding == coding }) { return explicit.quality }
        if let wildcard = qualities.last(where: { $0.coding == "*" }) { return wildcard.quality }
        return 0
    }

    /// Whether a gzip-coded response may be sent.
    public var acceptsGzip: Bool { quality(of: "gzip") > 0 }
}
