import Foundation

/// An IPv4 or IPv6 address block in CIDR notation (`10.0.0.0/8`, `::1/128`; a bare address is one host).
public struct AddressBlock: Sendable, Equatable {
    /// The network's bytes (4 or 16).
    let network: [UInt8]
    /// Leading bits that must match.
    let prefixLength: Int

    /// Parses `text`; `nil` when it is not an address with an optional `/length` that fits it.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let bytes = Self.bytes(String(parts[0])) else { return nil }
        // A mapped IPv6 block (`::ffff:10.0.0.0/104`) counts its length over 128 bits, its address over 32.
        let written = String(parts[0]).contains(":") ? 128 : 32
        var length = written
        if parts.count == 2 {
            guard let parsed = Int(parts[1]), (0...written).contains(parsed), parts[1].allSatisfy(\.isASCII) else {
                return nil
            }
            length = parsed
        }
        let mapped = written == 128 && bytes.count == 4
        guard !mapped || length >= 96 else { return nil }
        network = bytes
        prefixLength = mapped ? length - 96 : length
    }

    /// Whether `address` (already parsed with `bytes`) lies in the block; IPv4 never matches an IPv6 block.
    func contains(_ address: [UInt8]) -> Bool {
        let candidate = Self.unmapped(address)
        guard candidate.count == network.count else { return false }
        var remaining = prefixLength
        for index in 0..<network.count where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            guard candidate[index] & mask == network[index] & mask else { return false }
            remaining -= bits
        }
        return true
    }

    /// The 4 or 16 bytes of a textual IPv4 or IPv6 address (brackets allowed), else `nil`.
    static func bytes(_ text: String) -> [UInt8]? {
        var text = text.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return Self.unmapped(withUnsafeBytes(of: &v6) { Array($0) })
        }
        return nil
    }

    /// An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as its IPv4 bytes, so both spellings match alike.
    private static func unmapped(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF else {
            return bytes
        }
        return Array(bytes[12...])
    }
}
