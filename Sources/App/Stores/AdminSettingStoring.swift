/// The server's own settings: today only the digest of a generated admin token.
///
/// Synchronous: read and written once at start-up, before the server listens.
protocol AdminSettingStoring: Sendable {
    /// The hex SHA-256 of the admin token generated on an earlier start, `nil` before the first.
    func adminTokenDigest() throws(StoreError) -> String?

    /// Keeps the hex SHA-256 of a generated admin token (replacing any earlier one), durably.
    func saveAdminTokenDigest(_ hex: String) throws(StoreError)
}
