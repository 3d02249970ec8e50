/// API tokens: created with a random secret kept only as its digest, listed, looked up, revoked.
protocol TokenStoring: Sendable {
    /// Creates a token durably and returns it with its secret (shown once); `nil` when `cohortID` names no
    /// cohort.
    func create(name: String, scope: APIToken.Scope, cohortID: Int64?) async throws(StoreError) -> IssuedAPIToken?

    /// Every token (revoked ones too), newest first; never their secrets.
    func all() async throws(StoreError) -> [APIToken]

    /// The token whose secret is `secret` (revoked or not), or `nil`.
    func token(secret: String) async throws(StoreError) -> APIToken?

    /// Revokes the token durably; `false` when no token has `id`. Revoking twice keeps the first time.
    func revoke(id: Int64) async throws(StoreError) -> Bool
}
