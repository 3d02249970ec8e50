import Foundation
import HTTP

/// The admin bearer token: from `FOLIO_ADMIN_TOKEN`, or generated on first start and stored only as a hash.
public struct AdminCredentials: Sendable {
    /// The SHA-256 of the admin token.
    let tokenDigest: [UInt8]
    /// A token generated at this start, to print once after the `listening on` line; `nil` otherwise.
    public let generatedToken: String?

    /// Resolves the admin token at start-up.
    ///
    /// With `configured` set, its digest is used (and nothing is stored). Without it, a stored digest from an
    /// earlier start is reused; on the very first start a token is generated, printed once on standard error
    /// by the executable (`generatedToken`), and only its digest is stored. When another node stored its
    /// digest first (nodes starting together on an empty database), that one is adopted and nothing is printed.
    static func resolve(configured: String?, settings: any AdminSettingStoring) throws(StoreError)
        -> AdminCredentials
    {
        if let configured { return AdminCredentials(tokenDigest: Secrets.digest(configured), generatedToken: nil) }
        let stored = try settings.adminTokenDigest()
        if let stored, let digest = Self.bytes(hex: stored) {
            return AdminCredentials(tokenDigest: digest, generatedToken: nil)
        }
        let token = Secrets.makeToken()
        let digest = Secrets.digest(token)
        let kept = try settings.saveAdminTokenDigestIfAbsent(Secrets.hex(digest))
        guard kept == Secrets.hex(digest) else {
            guard let winner = Self.bytes(hex: kept) else {
                throw StoreError(kind: .failed, message: "the stored admin token digest is not 64 hex digits")
            }
            return AdminCredentials(tokenDigest: winner, generatedToken: nil)
        }
        return AdminCredentials(tokenDigest: digest, generatedToken: token)
    }

    /// Whether `token` is the admin token, compared in constant time over the digests.
    func accepts(_ token: String) -> Bool {
        Secrets.constantTimeEqual(Secrets.digest(token), tokenDigest)
    }

    private static func bytes(hex: String) -> [UInt8]? {
        let characters = Array(hex.utf8)
        guard characters.count == 64 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 64, by: 2) {
            guard let byte = UInt8(String(decoding: characters[index...index + 1], as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(byte)
        }
        return bytes
    }
}
