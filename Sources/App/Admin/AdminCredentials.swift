import Foundation
import HTTP
import SQLite

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
    /// by the executable (`generatedToken`), and only its digest is stored.
    static func resolve(configured: String?, database: Database) throws -> AdminCredentials {
        if let configured { return AdminCredentials(tokenDigest: Secrets.digest(configured), generatedToken: nil) }
        let stored: String? = try database.read { connection in
            try connection.scalar(sql: "SELECT value FROM admin_settings WHERE key = 'admin_token_sha256'")
        }
        if let stored, let digest = Self.bytes(hex: stored) {
            return AdminCredentials(tokenDigest: digest, generatedToken: nil)
        }
        let token = Secrets.makeToken()
        let digest = Secrets.digest(token)
        try database.write { connection in
            try connection.execute(
                sql: "INSERT OR REPLACE INTO admin_settings (key, value) VALUES ('admin_token_sha256', ?)",
                arguments: [Secrets.hex(digest)])
        }
        return AdminCredentials(tokenDigest: digest, generatedToken: token)
    }

    /// Whether `token` is the admin token, compared in constant time over the digests.
    public func accepts(_ token: String) -> Bool {
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
