/// The server's own settings: today only the digest of a generated admin token.
///
/// Synchronous: read and written once at start-up, before the server listens.
protocol AdminSettingStoring: Sendable {
    /// The hex SHA-256 of the admin token generated on an earlier start, `nil` before the first.
    func adminTokenDigest() throws(StoreError) -> String?

    /// Keeps the hex SHA-256 of a generated admin token (replacing any earlier one), durably.
    func saveAdminTokenDigest(_ hex: String) throws(StoreError)

    /// Stores `hex` durably unless a digest is already stored, and returns the stored one (`hex` when it won).
    ///
    /// Nodes starting together on an empty database each generate a token; only the first insert is kept,
    /// and every other node adopts it instead of overwriting it.
    func saveAdminTokenDigestIfAbsent(_ hex: String) throws(StoreError) -> String
}
