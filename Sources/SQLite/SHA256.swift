import CCrypto

/// SHA-256 through OpenSSL's libcrypto, as lowercase hex.
enum SHA256 {
    /// The digest of `bytes` as 64 lowercase hex characters.
    ///
    /// - Throws: `SQLiteError` (kind `.misuse`) if libcrypto fails, which only happens without memory.
    static func hexDigest(of bytes: [UInt8]) throws -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let succeeded = bytes.withUnsafeBytes { input in
            EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha256(), nil) == 1
        }
        guard succeeded, length == 32 else {
            throw SQLiteError(kind: .misuse, message: "SHA-256 failed in libcrypto")
        }
        return digest.prefix(32).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
