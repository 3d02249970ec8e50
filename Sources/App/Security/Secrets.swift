import CCrypto
import Foundation

/// Random secrets, their digests and constant-time comparison, from OpenSSL's libcrypto.
///
/// Secrets handed to clients (learner and API tokens, session ids, resume and join codes) are never
/// stored: only `digest(_:)` of them is, so a copy of the database grants nothing.
public enum Secrets {
    /// `count` bytes from OpenSSL's CSPRNG.
    public static func randomBytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let status = bytes.withUnsafeMutableBytes {
            RAND_bytes($0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(count))
        }
        // RAND_bytes fails only when the kernel's entropy source is unusable; serving predictable tokens would be worse.
        precondition(status == 1, "OpenSSL RAND_bytes failed")
        return bytes
    }

    /// A 128-bit random token as 32 lowercase hex digits.
    public static func makeToken() -> String {
        hex(randomBytes(16))
    }

    /// A short code that people can read aloud and type: Crockford base32 without I, L, O, U, as `7K3M-Q9TD`.
    ///
    /// 8 symbols give 40 bits; codes expire and lookups are rate-limited, so guessing is impractical.
    public static func makeHumanCode(symbols: Int = 8) -> String {
        let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
        var code = ""
        for (index, byte) in randomBytes(symbols).enumerated() {
            if index > 0, index % 4 == 0 { code.append("-") }
            code.append(alphabet[Int(byte & 31)])
        }
        return code
    }

    /// Canonical form of a typed human code: upper case, separators dropped, look-alike letters mapped.
    public static func canonicalHumanCode(_ typed: String) -> String {
        var result = ""
        for character in typed.uppercased() {
            switch character {
            case "-", " ": continue
            case "O": result.append("0")
            case "I", "L": result.append("1")
            default: result.append(character)
            }
        }
        return result
    }

    /// SHA-256 of the UTF-8 bytes of `secret`.
    public static func digest(_ secret: String) -> [UInt8] {
        sha256(Array(secret.utf8))
    }

    /// SHA-256 of `bytes`.
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                _ = SHA256(input.baseAddress, input.count, out.baseAddress)
            }
        }
        return output
    }

    /// Compares in time independent of where the inputs differ (OpenSSL's `CRYPTO_memcmp`).
    public static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.isEmpty { return true }
        return lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in
                CRYPTO_memcmp(left.baseAddress, right.baseAddress, left.count) == 0
            }
        }
    }

    /// Lowercase hexadecimal.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
