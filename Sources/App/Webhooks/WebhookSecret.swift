import CCrypto
import Foundation

/// A Standard Webhooks signing secret: random key bytes, shown as `whsec_` + base64 of them.
///
/// `description` never shows the key, so a secret interpolated into a log line by mistake stays secret.
struct WebhookSecret: Sendable, Equatable, CustomStringConvertible {
    static let prefix = "whsec_"
    /// Key bytes of a new secret: 32, as long as the HMAC-SHA256 output.
    static let keyLength = 32

    let key: [UInt8]

    init(key: [UInt8]) {
        self.key = key
    }

    /// A fresh secret from OpenSSL's CSPRNG.
    static func generate() -> WebhookSecret {
        WebhookSecret(key: Secrets.randomBytes(keyLength))
    }

    /// Parses the shown form; `nil` unless it is `whsec_` and base64 of at least one byte.
    init?(shown: String) {
        guard shown.hasPrefix(Self.prefix), let data = Data(base64Encoded: String(shown.dropFirst(Self.prefix.count))),
            !data.isEmpty
        else { return nil }
        key = Array(data)
    }

    /// The form handed to the admin once: `whsec_` + base64 of the key.
    var shown: String { Self.prefix + Data(key).base64EncodedString() }

    var description: String { "whsec_…" }

    /// The `webhook-signature` value for one delivery: `v1,` + base64 of HMAC-SHA256 over `id.timestamp.body`.
    func signature(id: String, timestamp: Int64, body: [UInt8]) -> String {
        let signed = Array("\(id).\(timestamp).".utf8) + body
        return "v1," + Data(Self.hmacSHA256(key: key, message: signed)).base64EncodedString()
    }

    /// HMAC-SHA256 through libcrypto's one-shot `HMAC`.
    static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        key.withUnsafeBytes { keyBytes in
            message.withUnsafeBufferPointer { messageBytes in
                _ = HMAC(
                    EVP_sha256(), keyBytes.baseAddress, Int32(key.count), messageBytes.baseAddress, messageBytes.count,
                    &output, &length)
            }
        }
        return Array(output.prefix(Int(length)))
    }
}
